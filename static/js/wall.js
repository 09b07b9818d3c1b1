/* The wall: every list too long for the screen ([data-wall-paged]: the standings, where everyone sits) is cut
   into pages that fit below its heading, and the pages turn on a timer, so everyone's name comes up in turn.
   The polled redraw keeps the page being shown. */
(function () {
  "use strict";
  var TURN_MS = 8000;
  var turn = 0;

  function rows(items, room, top) {
    /* A table's rows, down the screen: a page ends where the next row would pass the bottom. */
    var pages = [], page = [], start = top;
    items.forEach(function (item) {
      var box = item.getBoundingClientRect();
      if (page.length && box.bottom - start > room) { pages.push(page); page = []; start = box.top; }
      page.push(item);
    });
    if (page.length) pages.push(page);
    return pages;
  }

  function columns(list, items, room) {
    /* A list set in newspaper columns: given the screen's height, the browser fills column after column
       (those past the right edge overflow); each screenful of columns is a page. */
    list.style.height = room + "px";
    var right = list.getBoundingClientRect().right;
    var lefts = items.map(function (item) { return Math.round(item.getBoundingClientRect().left); });
    var stops = lefts.filter(function (left, index) { return lefts.indexOf(left) === index; })
      .sort(function (a, b) { return a - b; });
    var across = Math.max(1, stops.filter(function (left) { return left < right - 1; }).length);
    var pages = [];
    items.forEach(function (item, index) {
      var page = Math.floor(stops.indexOf(lefts[index]) / across);
      (pages[page] = pages[page] || []).push(item);
    });
    if (pages.length < 2) list.style.height = "";
    return pages.filter(Boolean);
  }

  function layout(list) {
    var items = Array.prototype.slice.call(list.children);
    var section = list.closest("section");
    var caption = section.querySelector("[data-wall-page]");
    items.forEach(function (item) { item.hidden = false; });
    list.style.height = "";
    if (caption) caption.textContent = "Page";  /* measured with its line, as it is shown */
    var top = list.getBoundingClientRect().top;
    /* Whatever follows the list in its section (the page's caption, how level places are told) stays on the
       screen below the page: measured item by item, since the section itself stretches to the height of the
       tables beside it. */
    var below = 0;
    for (var next = (list.tagName === "TBODY" ? list.closest("table") : list).nextElementSibling; next;
         next = next.nextElementSibling) {
      var style = window.getComputedStyle(next);
      below += next.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    }
    /* A list that starts low on the page (a narrow screen, one section under the other) is read by scrolling to
       it: its page is most of a screen rather than the sliver left below where it starts. */
    var room = Math.max(120, window.innerHeight - Math.min(top, window.innerHeight / 2) - below - 24);
    var pages = list.tagName === "TBODY" ? rows(items, room, top) : columns(list, items, room);
    var shown = pages.length ? turn % pages.length : 0;
    pages.forEach(function (page, index) { page.forEach(function (item) { item.hidden = index !== shown; }); });
    if (caption) caption.textContent = pages.length > 1 ? "Page " + (shown + 1) + " of " + pages.length : "";
  }

  function all() { document.querySelectorAll("[data-wall-paged]").forEach(layout); }

  /* Paged as soon as the redraw is in, before it is painted, so the whole list never flashes up. */
  document.body.addEventListener("htmx:afterSwap", all);
  document.body.addEventListener("htmx:afterSettle", all);
  window.addEventListener("resize", all);
  setInterval(function () { turn += 1; all(); }, TURN_MS);
  all();
})();
