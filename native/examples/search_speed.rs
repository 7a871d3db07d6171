//! The native search's speed without Python around it: solve deals of one game with a
//! node budget and no time limit (so every dive's share is counted in nodes and a run is
//! repeatable), and print each deal's outcome, nodes and a fingerprint of its won line,
//! then the nodes a second over all of them. Two builds that explore the same positions
//! print the same lines but the last.
//!
//! Usage: cargo run --release --example search_speed -- GAME FIRST LAST MAX_NODES

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use patience_native::deals::{chance_source, deal_order};
use patience_native::engine::{OptValue, Options, State};
use patience_native::games;
use patience_native::search::{solve, Budget};

/// The default options of each game (`Game.options` in Python).
fn options(game: &str) -> Options {
    let s = |name: &str, v: &str| (name.to_string(), OptValue::Str(v.to_string()));
    let b = |name: &str, v: bool| (name.to_string(), OptValue::Bool(v));
    let i = |name: &str, v: i64| (name.to_string(), OptValue::Int(v));
    match game {
        "star" => vec![s("direction", "first-fit")],
        "sun" => vec![s("transfers", "purposeful"), s("deal_when", "stuck")],
        "clock" => vec![b("wrap_marriage", false), s("phases", "strict")],
        "blockade" => vec![b("move_sequences", false), s("empty_columns", "stay"), s("deal_when", "any")],
        "rainbow" => vec![i("redeals", 3)],
        "open-shop" => vec![i("redeals", 0)],
        "toad" => vec![i("reserve_piles", 1), b("ace_extraction", true), i("reserve_size", 13)],
        "double-star" => vec![i("foundations", 8), i("piles", 5)],
        _ => Vec::new(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, first, last, max_nodes] = &args[..] else {
        eprintln!("usage: search_speed GAME FIRST LAST MAX_NODES");
        std::process::exit(2);
    };
    let (first, last): (u64, u64) = (first.parse().expect("FIRST"), last.parse().expect("LAST"));
    let budget = Budget {
        max_nodes: max_nodes.parse().expect("MAX_NODES"),
        max_seconds: 1e6,
        max_table_bytes: 256 << 20,
    };
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for deal in first..=last {
        let (rules, decks) = games::rules(game, &options(game)).expect("a native game");
        let deck = deal_order(deal, decks);
        let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
        let start = Instant::now();
        let answer = solve(&mut state, budget);
        seconds += start.elapsed().as_secs_f64();
        nodes += answer.nodes;
        let mut line = DefaultHasher::new();
        for mv in &answer.line {
            (mv.src, mv.dst, mv.index, mv.reversible).hash(&mut line);
        }
        let outcome = answer.outcome.as_str();
        println!("{game} {deal} {outcome} {} {} {:016x}", answer.nodes, answer.line.len(), line.finish());
    }
    println!("total {nodes} nodes {seconds:.3} s {:.0} nodes/s", nodes as f64 / seconds);
}
