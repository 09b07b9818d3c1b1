// The phone's report at its table, kept on the phone until the club's network takes it.
// A report tapped while the phone is off the Wi-Fi is stored (localStorage) with the key its page drew,
// and sent when the network returns, from this page or from the table page opened again later; the
// server counts a report sent twice with one key as one. Without this script the form posts as usual.
"use strict";

(() => {
  const banner = document.querySelector("[data-report-url]");
  if (!banner) { return; }
  const form = document.querySelector("form[data-keep-offline]");
  const store = "euchre-report:" + new URL(banner.dataset.reportUrl, location.href).pathname;
  let sending = false;

  function kept() {
    try { return JSON.parse(localStorage.getItem(store) || "null"); } catch (error) { return null; }
  }

  function showWaiting(item) {
    banner.hidden = !item;
    if (item) { banner.querySelector("[data-hand]").textContent = item.hand; }
  }

  // A refused report (the page says why): post the kept fields the ordinary way, so the page shows its errors.
  function postPlainly(item) {
    const plain = document.createElement("form");
    plain.method = "post";
    plain.action = item.url;
    for (const [name, value] of item.fields) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      plain.append(input);
    }
    document.body.append(plain);
    plain.submit();
  }

  async function send() {
    const item = kept();
    showWaiting(item);
    if (!item || sending || !navigator.onLine) { return; }
    sending = true;
    let response;
    try {
      response = await fetch(item.url, { method: "POST", body: new URLSearchParams(item.fields),
                                         credentials: "same-origin", redirect: "follow" });
    } catch (error) {
      sending = false;  // still off the network: the next "online" event or the next tick tries again
      return;
    }
    localStorage.removeItem(store);
    if (response.redirected) {
      location.replace(response.url);
    } else {
      postPlainly(item);  // refused: the page says why (the first time this report reached the server)
    }
  }

  // A report kept before this page: forgotten if the server took it or refused it (the page says so),
  // else shown as waiting and sent.
  const item = kept();
  const key = item && (item.fields.find(([name]) => name === "send_key") || [])[1];
  if (item && key && banner.dataset.settledKeys.split(" ").includes(key)) {
    localStorage.removeItem(store);
  }

  if (form) {
    // A deal not played (all passed, a misdeal) has no trump, no lone hand and no tricks: the taps made
    // for them are dropped as the server drops them, so the buttons no longer look chosen.
    form.addEventListener("change", (event) => {
      const choice = event.target;
      if (choice.name === "maker" && choice.checked && !/^[NESW]$/.test(choice.value)) {
        for (const name of ["declaration", "alone", "tricks"]) {
          for (const input of form.querySelectorAll(`input[name="${name}"]`)) { input.checked = false; }
        }
      }
    });
    form.addEventListener("submit", (event) => {
      const fields = [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]);
      localStorage.setItem(store, JSON.stringify({ url: form.action, fields, hand: form.dataset.hand }));
      if (navigator.onLine) {
        sending = true;  // sent the ordinary way, and kept in case the network drops it on the way
        return;
      }
      event.preventDefault();
      send();
    });
  }
  window.addEventListener("online", send);
  window.setInterval(send, 4000);
  send();  // a report kept from before this page was opened
})();

// The round's clock on a timed round: the minutes left count down on the phone between the page's loads (the
// page loads afresh when time is up, and then says what the table does).
(() => {
  const clock = document.querySelector("[data-seconds-left]");
  if (!clock) { return; }
  const ends = Date.now() + Number(clock.dataset.secondsLeft) * 1000;
  const tick = () => {
    const minutes = Math.ceil((ends - Date.now()) / 60000);
    clock.textContent = minutes > 0 ? `${minutes} min left` : "time is up";
  };
  setInterval(tick, 10000);
})();
