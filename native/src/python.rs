//! The extension module `patience._native`: `NativeState`, a game the native engine
//! plays, and what Python needs besides (`supported`, `deal_order`). Moves cross as the
//! Python engine's raw tuples `(src, dst, index, reversible)`, an action's `src` being -1.

use std::cell::Cell;
use std::rc::Rc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyString};

use crate::cards::{code, fresh_deck, parse, Card};
use crate::deals;
use crate::engine::{Move, OptValue, Options, State, Value, ACTION};
use crate::games;
use crate::search::{self, Budget};

type RawMove = (i64, i64, i64, bool);

fn to_raw(mv: Move) -> RawMove {
    let src = if mv.is_action() { -1 } else { mv.src as i64 };
    (src, mv.dst as i64, mv.index as i64, mv.reversible)
}

fn from_raw((src, dst, index, reversible): RawMove) -> Option<Move> {
    let src = if src == -1 { ACTION } else { usize::try_from(src).ok()? };
    Some(Move { src, dst: usize::try_from(dst).ok()?, index: usize::try_from(index).ok()?, reversible })
}

fn read_options(options: &Bound<'_, PyDict>) -> PyResult<Options> {
    let mut out = Options::new();
    for (name, value) in options.iter() {
        let name: String = name.extract()?;
        let value = if value.is_instance_of::<PyBool>() {
            OptValue::Bool(value.extract()?)
        } else if value.is_instance_of::<PyInt>() {
            OptValue::Int(value.extract()?)
        } else if value.is_instance_of::<PyString>() {
            OptValue::Str(value.extract()?)
        } else {
            return Err(PyValueError::new_err(format!("option {name}: not a str, int or bool")));
        };
        out.push((name, value));
    }
    Ok(out)
}

fn read_deck(codes: &[String], decks: usize) -> PyResult<Vec<Card>> {
    let cards: Option<Vec<Card>> = codes.iter().map(|c| parse(c)).collect();
    let cards = cards.ok_or_else(|| PyValueError::new_err("the deck holds an unknown card code"))?;
    let mut sorted = cards.clone();
    sorted.sort_unstable();
    let mut fresh = fresh_deck(decks);
    fresh.sort_unstable();
    if sorted != fresh {
        return Err(PyValueError::new_err(format!("not a {decks}-deck order")));
    }
    Ok(cards)
}

fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::None => py.None().into_bound(py),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Str(s) => PyString::new(py, s).into_any(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Map(items) => {
            let dict = PyDict::new(py);
            for (k, v) in items {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A game the native engine plays: the Python `State`'s raw play path and `to_dict`,
/// and the search.
#[pyclass(module = "patience._native")]
pub struct NativeState {
    state: State,
    options: Py<PyDict>,
    deal: Option<u64>,
    deck: Vec<String>,
    /// Moves played before the first one `state` can take back (a sample's undo reaches
    /// back to its last irreversible move only).
    earlier: usize,
}

#[pymethods]
impl NativeState {
    /// A game from `deal` (shuffled here, docs/deals.md) or `deck` (codes), with every
    /// option given, then `moves` (raw, each checked legal) played in order.
    #[new]
    #[pyo3(signature = (game, options, deal=None, deck=None, moves=Vec::new()))]
    fn new(
        game: &str,
        options: &Bound<'_, PyDict>,
        deal: Option<u64>,
        deck: Option<Vec<String>>,
        moves: Vec<RawMove>,
    ) -> PyResult<Self> {
        let (rules, decks) = games::rules(game, &read_options(options)?).map_err(PyValueError::new_err)?;
        let (cards, deck) = match (deal, deck) {
            (Some(n), None) => {
                let cards = deals::deal_order(n, decks);
                let codes = cards.iter().map(|&c| code(c)).collect();
                (cards, codes)
            }
            (None, Some(codes)) => (read_deck(&codes, decks)?, codes),
            _ => return Err(PyValueError::new_err("give exactly one of deal and deck")),
        };
        let chance = deals::chance_source(deal, &cards);
        let mut native = NativeState {
            state: State::new(rules, &cards, chance),
            options: options.copy()?.unbind(),
            deal,
            deck,
            earlier: 0,
        };
        for mv in moves {
            native.play(mv)?;
        }
        Ok(native)
    }

    /// The legal raw moves, repetition rule applied, in the Python engine's order.
    fn legal_moves(&mut self) -> Vec<RawMove> {
        self.state.legal_raw().iter().map(|&m| to_raw(m)).collect()
    }

    /// Play a legal raw move; ValueError when it is not legal here.
    fn play(&mut self, mv: RawMove) -> PyResult<()> {
        let Some(native) = from_raw(mv).filter(|m| self.state.legal_raw().contains(m)) else {
            return Err(PyValueError::new_err(format!("{mv:?} is not a legal move here")));
        };
        self.state.play_raw(native);
        Ok(())
    }

    /// Take back the last move played.
    fn undo(&mut self) -> PyResult<()> {
        if self.state.moves_played() == 0 {
            let why = if self.earlier > 0 {
                "a sample takes back no move before its last irreversible one"
            } else {
                "nothing to undo"
            };
            return Err(PyValueError::new_err(why));
        }
        self.state.pop();
        Ok(())
    }

    /// The raw moves the search tries from here, in order (dead end: none; a safe move
    /// alone), to compare with the Python solver's knowledge of the game.
    fn search_moves(&mut self) -> Vec<RawMove> {
        search::children(&mut self.state).into_iter().map(to_raw).collect()
    }

    /// The moves played since the start (a sample's include those before its undo reaches).
    #[getter]
    fn moves_played(&self) -> usize {
        self.earlier + self.state.moves_played()
    }

    /// The places whose cards the player has not seen there, in groups (`Rules.unseen`).
    fn unseen(&self) -> Vec<Vec<(usize, usize)>> {
        self.state.rules.unseen(&self.state)
    }

    /// A sample of what the player cannot see (`State::sample`; `engine.unseen.sample`
    /// gives the same position for the same seed). It keeps the deal or deck it was
    /// drawn from for `to_dict`, though its cards lie otherwise.
    fn sample(&self, py: Python<'_>, seed: u64) -> PyResult<NativeState> {
        let state = self.state.sample(seed);
        let earlier = self.moves_played() - state.moves_played();
        Ok(NativeState {
            state,
            options: self.options.bind(py).copy()?.unbind(),
            deal: self.deal,
            deck: self.deck.clone(),
            earlier,
        })
    }

    /// `"won"`, `"lost"` or `"playing"`.
    #[getter]
    fn status(&mut self) -> &'static str {
        self.state.status()
    }

    /// The position's bytes exactly as the Python `State.key()` gives them.
    fn key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.state.board.key())
    }

    /// The position as the search's table sees it, the bytes the Python
    /// `Rules.solver_key` gives (the table holds a hash of them).
    fn solver_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut out = Vec::new();
        self.state.rules.solver_key(&self.state.board, &mut out);
        PyBytes::new(py, &out)
    }

    /// The position as the Python `State.to_dict()` gives it (`&mut`: the status reads the
    /// legal moves, which the state caches).
    #[allow(clippy::wrong_self_convention)]
    fn to_dict<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rules = self.state.rules.clone();
        let out = PyDict::new(py);
        out.set_item("game", rules.game_id())?;
        out.set_item("options", self.options.bind(py).copy()?)?;
        match self.deal {
            Some(n) => out.set_item("deal", n)?,
            None => out.set_item("deck", self.deck.clone())?,
        }
        out.set_item("status", self.state.status())?;
        let board = &self.state.board;
        let layout = rules.layout();
        let piles = PyDict::new(py);
        for i in rules.listed(board) {
            let codes: Vec<String> = board.piles[i].iter().map(|&c| code(c)).collect();
            piles.set_item(&layout[i].id, codes)?;
        }
        out.set_item("piles", piles)?;
        let face_down = PyDict::new(py);
        for (i, n) in rules.face_down(board) {
            if n > 0 {
                face_down.set_item(&layout[i].id, n)?;
            }
        }
        out.set_item("face_down", face_down)?;
        for (name, value) in rules.counters(board) {
            out.set_item(name, to_python(py, &value)?)?;
        }
        Ok(out)
    }

    /// Search from here: `(outcome, line, nodes)` with `outcome` `"won"`, `"lost"` or
    /// `"unknown"` and `line` the won line's raw moves. The position is left unchanged.
    /// Budgets out of range are refused with ValueError (`read_budget`); a signal
    /// (Ctrl-C) stops the search within some 50 ms and its exception is raised.
    #[pyo3(signature = (max_nodes, max_seconds, max_table_mb))]
    fn solve(
        &mut self,
        py: Python<'_>,
        max_nodes: &Bound<'_, PyAny>,
        max_seconds: &Bound<'_, PyAny>,
        max_table_mb: &Bound<'_, PyAny>,
    ) -> PyResult<(&'static str, Vec<RawMove>, u64)> {
        let budget = read_budget(max_nodes, max_seconds, max_table_mb)?;
        let state = &mut self.state;
        // the search runs without the GIL and takes it back only to run the signal
        // handlers (they run on this, the main, thread)
        let (answer, raised) = py.detach(move || {
            let raised: Rc<Cell<Option<PyErr>>> = Rc::default();
            let slot = raised.clone();
            let check = move || match Python::attach(|py| py.check_signals()) {
                Ok(()) => false,
                Err(error) => {
                    slot.set(Some(error));
                    true
                }
            };
            let answer = search::solve_interruptible(state, budget, check);
            (answer, raised.take())
        });
        if let Some(error) = raised {
            return Err(error);
        }
        let answer = answer.ok_or_else(|| PyRuntimeError::new_err("the search was interrupted"))?;
        Ok((answer.outcome.as_str(), answer.line.into_iter().map(to_raw).collect(), answer.nodes))
    }
}

/// The most nodes a search may be given (`patience.native.MAX_NODES`): the largest signed
/// 64-bit number.
const MAX_NODES: u64 = i64::MAX as u64;

/// `solve`'s budgets, or ValueError saying which is not a whole number of nodes from 0
/// to `MAX_NODES`, a finite number of seconds at least 0, or a whole number of MiB whose
/// bytes the machine can count (`patience.native.check_budgets` on the Python side; a
/// NaN time would make the search panic).
fn read_budget(
    max_nodes: &Bound<'_, PyAny>,
    max_seconds: &Bound<'_, PyAny>,
    max_table_mb: &Bound<'_, PyAny>,
) -> PyResult<Budget> {
    let refuse = |what: &str, value: &Bound<'_, PyAny>| {
        PyValueError::new_err(format!("the {what} budget is {}, not {value}", range(what)))
    };
    // a bool is an int to Python, but no budget
    let whole = |value: &Bound<'_, PyAny>| {
        if value.is_instance_of::<PyBool>() {
            None
        } else {
            value.extract::<u64>().ok()
        }
    };
    let number = |value: &Bound<'_, PyAny>| {
        if value.is_instance_of::<PyBool>() {
            None
        } else {
            value.extract::<f64>().ok()
        }
    };
    let nodes = whole(max_nodes).filter(|&n| n <= MAX_NODES);
    let nodes = nodes.ok_or_else(|| refuse("node", max_nodes))?;
    let seconds = number(max_seconds).filter(|s| s.is_finite() && *s >= 0.0);
    let seconds = seconds.ok_or_else(|| refuse("time", max_seconds))?;
    let mb = whole(max_table_mb).and_then(|mb| usize::try_from(mb).ok()).filter(|&mb| mb <= MAX_TABLE_MB);
    let mb = mb.ok_or_else(|| refuse("table", max_table_mb))?;
    Ok(Budget { max_nodes: nodes, max_seconds: seconds, max_table_bytes: mb << 20 })
}

/// The most MiB of table whose bytes a `usize` counts.
const MAX_TABLE_MB: usize = usize::MAX >> 20;

/// What `read_budget` takes for the budget named `what`, in words.
fn range(what: &str) -> String {
    match what {
        "node" => format!("a whole number from 0 to {MAX_NODES}"),
        "time" => "a finite number of seconds, at least 0".to_string(),
        _ => format!("a whole number of MiB from 0 to {MAX_TABLE_MB}"),
    }
}

/// None when the native engine plays `game` with these (resolved) options, else why not.
#[pyfunction]
fn unsupported(game: &str, options: &Bound<'_, PyDict>) -> PyResult<Option<String>> {
    Ok(games::rules(game, &read_options(options)?).err())
}

/// The share of `patience.solve`'s budgets the native search gets for `game`
/// (`games::Game::search_share`; 0 for a game it does not play).
#[pyfunction]
fn search_share(game: &str) -> f64 {
    games::game(game).map_or(0.0, |g| g.search_share)
}

/// The deck order of a deal number as card codes (docs/deals.md), for comparing with
/// `patience.deals.deal_order`.
#[pyfunction]
fn deal_order(deal: u64, decks: usize) -> Vec<String> {
    deals::deal_order(deal, decks).iter().map(|&c| code(c)).collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeState>()?;
    m.add_function(wrap_pyfunction!(unsupported, m)?)?;
    m.add_function(wrap_pyfunction!(deal_order, m)?)?;
    m.add_function(wrap_pyfunction!(search_share, m)?)?;
    Ok(())
}
