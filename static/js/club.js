// The club site's own behaviour, on every page. No framework: Bootstrap's bundle does the rest.
"use strict";

// Focus: the first error of the page's main form, or else its first field, so that the keyboard
// starts where the secretary types (a form opts in with data-focus).
function focusForm() {
  const form = document.querySelector("form[data-focus]");
  if (!form) { return; }
  const fields = "input:not([type=hidden]):not([disabled]):not([type=submit]), select:not([disabled]), textarea";
  const target = form.querySelector(".is-invalid") || form.querySelector(fields);
  if (!target) { return; }
  keepInView(form, target);
  // A textarea keeps its text unselected: the secretary corrects one line of it, not all (the cards as cut).
  if (target.classList.contains("is-invalid") && typeof target.select === "function" && target.tagName !== "TEXTAREA") {
    try { target.select(); } catch (error) { /* a field with nothing to select */ }  // typing replaces it
  }
}

// The focus goes to the field without the browser's own scroll: the page scrolls only as far as the form needs, and
// no further than the part the form names (data-keep-in-view: the rubber's score, so that the score, the latest
// hands and the form for the next share one screen).
function keepInView(form, target) {
  const keep = form.dataset.keepInView ? document.querySelector(form.dataset.keepInView) : null;
  if (!keep) {
    target.focus();  // the browser scrolls only as far as the field needs
    return;
  }
  target.focus({ preventScroll: true });
  const box = (form.closest(".card") || form).getBoundingClientRect();
  const below = box.bottom + 8 - window.innerHeight;
  if (below <= 0) { return; }
  const most = keep.getBoundingClientRect().top - 8;
  window.scrollBy({ top: Math.max(Math.min(below, most), 0), behavior: "instant" });  // not Bootstrap's smooth scroll
  const field = target.getBoundingClientRect();
  if (field.top < 0 || field.bottom > window.innerHeight) {
    target.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
}

// Enter sends the form from a choice too, as it does from a text field: the maker's letter, then
// Enter, records a deal not played. (Alt+Down still opens the list.)
function enterSubmits() {
  for (const form of document.querySelectorAll("form[data-focus]")) {
    form.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target instanceof HTMLSelectElement && !event.altKey) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  }
}

// The first-dealer choice names the players as their seats are filled in (law 11: the cut for deal).
function nameSeats() {
  const dealer = document.getElementById("id_first_dealer");
  if (!dealer) { return; }
  const seats = { N: "north", E: "east", S: "south", W: "west" };
  const update = () => {
    for (const option of dealer.options) {
      const select = document.getElementById("id_" + seats[option.value]);
      const chosen = select && select.value ? select.options[select.selectedIndex].text : "";
      option.text = chosen ? option.value + ", " + chosen : option.value;
    }
  };
  for (const name of Object.values(seats)) {
    const select = document.getElementById("id_" + name);
    if (select) { select.addEventListener("change", update); }
  }
  update();
}

// A table wider than its frame scrolls inside it: the frame takes the keyboard's focus (arrow keys
// scroll it) and is named after its table (its caption, or the nearest heading before it), so that it can be
// reached and known without a mouse. Each frame's name is its own: a second of the same name is numbered.
function scrollFrames() {
  const names = new Set([...document.querySelectorAll(".table-responsive[aria-label]")]
    .map((frame) => frame.getAttribute("aria-label")));
  for (const frame of document.querySelectorAll(".table-responsive")) {
    if (frame.hasAttribute("tabindex")) { continue; }
    const table = frame.querySelector("table");
    const caption = table && table.querySelector("caption");
    let heading = frame.previousElementSibling;
    while (heading && !/^H[1-6]$/.test(heading.tagName)) { heading = heading.previousElementSibling; }
    const base = (caption || heading || { textContent: "Table" }).textContent.trim().replace(/\s+/g, " ");
    let name = base + " (scrolls sideways)";
    for (let n = 2; names.has(name); n += 1) { name = `${base} ${n} (scrolls sideways)`; }
    names.add(name);
    frame.setAttribute("tabindex", "0");
    frame.setAttribute("role", "region");
    frame.setAttribute("aria-label", name);
  }
}

// A search box over a long list of choices (the roll, when entering players): typing hides the names
// that do not match; ticked ones stay. A count says how many are ticked.
function filterLists() {
  for (const box of document.querySelectorAll("input[data-filter]")) {
    const items = () => document.querySelectorAll(box.dataset.filter);
    const narrow = () => {
      const wanted = box.value.trim().toLowerCase();
      for (const item of items()) {
        const ticked = item.querySelector("input:checked");
        item.hidden = Boolean(wanted) && !ticked && !item.textContent.toLowerCase().includes(wanted);
      }
    };
    box.addEventListener("input", narrow);
    narrow();  // a name typed before the page finished loading narrows the roll too
    box.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); } });
  }
  for (const counter of document.querySelectorAll("[data-count-of]")) {
    const update = () => {
      const n = document.querySelectorAll(counter.dataset.countOf).length;
      counter.textContent = n === 1 ? "1 ticked" : n + " ticked";
    };
    document.addEventListener("change", update);
    update();
  }
}

// The event form: the fields of a progressive night, or of any event in rounds, show only when the event is run
// so, and a match's game and match only when it is not a progressive night; one holding an error stays in view,
// so its message is read.
// The house rules show under the standard game only: chosen, or the usual code left as it is (a progressive
// night's usual is the standard game).
function eventModeFields() {
  const mode = document.getElementById("id_mode");
  if (!mode || !mode.dataset.inRounds) { return; }
  const inRounds = mode.dataset.inRounds.split(" ");
  const code = document.getElementById("id_rulebook");
  const standard = () => {
    const chosen = code ? code.value : "";
    return chosen === "standard" || (chosen === "" && (mode.value === "progressive" || code.dataset.usual === "standard"));
  };
  const shown = { progressive: () => mode.value === "progressive", rounds: () => inRounds.includes(mode.value),
    matches: () => mode.value !== "progressive", standard };
  const apply = () => {
    for (const field of document.querySelectorAll("[data-for]")) {
      const wanted = shown[field.dataset.for]();
      const box = field.closest(".col-md");
      if (box) { box.hidden = !wanted && !box.querySelector(".is-invalid"); }
    }
  };
  mode.addEventListener("change", apply);
  if (code) { code.addEventListener("change", apply); }
  apply();
}

// A fold that a phone keeps shut, so its table is first in view, is open on a wider screen (the club's standings).
// The pills of a row that scrolls sideways on a phone bring the page's own into view.
function openWide() {
  if (window.matchMedia("(min-width: 768px)").matches) {
    for (const fold of document.querySelectorAll("details[data-open-wide]")) { fold.open = true; }
  }
  for (const current of document.querySelectorAll(".nav-scroll [aria-current=page]")) {
    const row = current.closest(".nav-scroll");
    row.scrollLeft = current.offsetLeft - row.offsetLeft - 8;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  openWide();
  eventModeFields();
  filterLists();
  focusForm();
  enterSubmits();
  nameSeats();
  scrollFrames();
});
