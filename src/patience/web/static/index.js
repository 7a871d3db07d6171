// The game list: start a numbered, random or winnable deal of any registered game.

const $ = (id) => document.getElementById(id);

function optionFields(game) {
  return game.options.map((o) => {
    const choices = o.choices.map((c) => `<option${c === o.default ? " selected" : ""}>${String(c)}</option>`);
    return `<label title="${o.help.replace(/"/g, "&quot;")}">${o.name} <select name="${o.name}">${choices.join("")}</select></label>`;
  }).join(" ");
}

function query(form, game) {
  const params = new URLSearchParams();
  for (const o of game.options) {
    const value = form.elements[o.name].value;
    if (value !== String(o.default)) params.set(o.name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function main() {
  const games = await (await fetch("/api/games")).json();
  $("games").innerHTML = games.map((g) => `
    <div class="game-card" id="game-${g.id}">
      <h2>${g.name}</h2>
      <p class="small">${g.summary} (${g.decks} deck${g.decks > 1 ? "s" : ""})</p>
      <form data-game="${g.id}">
        <input type="number" name="deal" min="0" placeholder="deal no." aria-label="Deal number">
        <button type="submit" name="how" value="deal">Play deal</button>
        <button type="submit" name="how" value="random">Random</button>
        <button type="submit" name="how" value="winnable" title="A deal the solver has proved winnable">Winnable</button>
        ${optionFields(g)}
      </form>
    </div>`).join("");
  for (const form of document.querySelectorAll("form[data-game]")) {
    const game = games.find((g) => g.id === form.dataset.game);
    form.addEventListener("submit", (evt) => {
      evt.preventDefault();
      let how = evt.submitter ? evt.submitter.value : "random";
      const deal = form.elements.deal.value.trim();
      if (how === "deal") how = /^\d+$/.test(deal) ? deal : "random";
      location.href = `/play/${game.id}/${how}${query(form, game)}`;
    });
  }
  const mine = await (await fetch("/api/play")).json();
  const open = mine.filter((r) => r.status === "playing");
  if (open.length) {
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    $("unfinished").innerHTML = open.map((r) =>
      `<li><a href="/play/${r.game}/${r.deal}">${names[r.game] || r.game}, deal ${r.deal}</a> — ${r.moves_played} moves</li>`).join("");
  }
}

main();
