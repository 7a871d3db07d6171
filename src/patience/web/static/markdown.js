// Just enough Markdown for the rules texts: headings, lists, tables, paragraphs, emphasis,
// code.

function escape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
}

const cells = (line) => line.replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

// A table's rows ("| a | b |"), the first its head, the "|---|" line left out.
function table(rows) {
  const [head, ...body] = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
  const row = (r, tag) => `<tr>${cells(r).map((c) => `<${tag}>${inline(c)}</${tag}>`).join("")}</tr>`;
  return `<table><thead>${row(head, "th")}</thead><tbody>${body.map((r) => row(r, "td")).join("")}</tbody></table>`;
}

export function renderMarkdown(source) {
  const out = [];
  let list = null;
  let para = [];
  let rows = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(" "))}</p>`);
    para = [];
    if (list) out.push(`</${list}>`);
    list = null;
    if (rows.length) out.push(table(rows));
    rows = [];
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    if (line.startsWith("|")) {
      if (!rows.length) flush();
      rows.push(line);
      continue;
    }
    if (rows.length) flush();
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    const bullet = line.match(/^\s*[-*]\s+(.*)$/);
    const numbered = line.match(/^\s*\d+[.)]\s+(.*)$/);
    if (heading) {
      flush();
      const level = Math.min(heading[1].length + 2, 6);
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet || numbered) {
      if (para.length) { out.push(`<p>${inline(para.join(" "))}</p>`); para = []; }
      const kind = bullet ? "ul" : "ol";
      if (list !== kind) { if (list) out.push(`</${list}>`); out.push(`<${kind}>`); list = kind; }
      out.push(`<li>${inline((bullet || numbered)[1])}</li>`);
    } else if (!line.trim()) {
      flush();
    } else if (list && /^\s+/.test(raw)) {
      out[out.length - 1] = out[out.length - 1].replace(/<\/li>$/, ` ${inline(line.trim())}</li>`);
    } else {
      if (list) { out.push(`</${list}>`); list = null; }
      para.push(line.trim());
    }
  }
  flush();
  return out.join("\n");
}
