import { Inbox, type NumberSummary, type StoredMessage } from "./inbox.js";

/**
 * The sandbox's web inbox, like MailDev's page for mail: server-rendered HTML and a little script, no build step. The
 * list of numbers, and per number a phone: the conversation, newest at the bottom, WhatsApp and SMS marked, where a
 * person (or a browser test) presses a template's quick-reply button or types a reply. It is a developer's tool, in
 * English only, like the payment sandbox's page; the messages themselves are in the order's language.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** +91 98765 43210 for 919876543210 (Indian numbers); other numbers with a + only. */
export function displayNumber(number: string): string {
  if (/^91\d{10}$/.test(number)) return `+91 ${number.slice(2, 7)} ${number.slice(7)}`;
  return `+${number}`;
}

const time = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;background:#e5e7eb;color:#111827}
a{color:#075e54}header.top{background:#075e54;color:#fff;padding:12px 16px}header.top h1{font-size:18px;margin:0}
header.top p{margin:4px 0 0;font-size:13px;opacity:.85}ul.numbers{list-style:none;margin:0;padding:0;max-width:480px}
ul.numbers li a{display:flex;justify-content:space-between;gap:8px;padding:14px 16px;background:#fff;border-bottom:1px solid #e5e7eb;text-decoration:none;color:inherit}
.empty{padding:24px 16px;color:#4b5563}.badge{display:inline-block;font-size:11px;font-weight:600;border-radius:4px;padding:1px 5px;margin-right:4px}
.badge.whatsapp{background:#dcfce7;color:#166534}.badge.sms{background:#dbeafe;color:#1e40af}
.phone{max-width:420px;margin:0 auto;min-height:100vh;display:flex;flex-direction:column;background:#efeae2}
.phone header{background:#075e54;color:#fff;padding:10px 12px;display:flex;align-items:center;gap:10px}
.phone header a{color:#fff;text-decoration:none;font-size:20px}.phone header h1{font-size:17px;margin:0}
.chat{flex:1;overflow-y:auto;padding:10px 8px 16px;display:flex;flex-direction:column;gap:8px}
.bubble{max-width:85%;border-radius:8px;padding:6px 8px 4px;background:#fff;box-shadow:0 1px 1px #0002;overflow-wrap:anywhere}
.bubble.in{align-self:flex-end;background:#d9fdd3}.bubble.out{align-self:flex-start}
.bubble .meta{font-size:11px;color:#6b7280;text-align:right;margin-top:2px}.bubble .tpl{font-family:ui-monospace,monospace;font-size:13px;font-weight:600}
.bubble dl{margin:4px 0;display:grid;grid-template-columns:auto 1fr;gap:2px 8px;font-size:14px}.bubble dt{color:#6b7280}.bubble dd{margin:0}
.bubble .quote{border-left:3px solid #075e54;background:#0000000d;padding:2px 6px;font-size:12px;margin-bottom:4px}
.bubble .hooks{font-size:11px;color:#6b7280;margin-top:2px}.ticks.read{color:#2563eb}.ticks.failed{color:#b91c1c}
.buttons{display:flex;flex-direction:column;gap:4px;align-self:flex-start;width:85%;margin-top:-4px}
.buttons button{background:#fff;border:1px solid #d1d5db;border-radius:6px;padding:9px;font-size:15px;color:#027eb5;cursor:pointer}
.buttons button.pressed{background:#f0f9ff}
form.reply{display:flex;gap:6px;padding:8px;background:#f0f2f5;position:sticky;bottom:0}
form.reply input{flex:1;min-width:0;font-size:16px;padding:10px 12px;border-radius:20px;border:1px solid #d1d5db}
form.reply button{font-size:15px;border:0;border-radius:20px;padding:0 14px;background:#075e54;color:#fff}
form.reply button.stop{background:#e5e7eb;color:#111827}`;

function layout(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body>${body}</body></html>`;
}

/** The first page: every number the shop wrote to (or that wrote to it), the latest first. */
export function numbersPage(numbers: readonly NumberSummary[], nonce: string): string {
  const rows = numbers
    .map(
      (entry) => `<li><a href="/numbers/${entry.number}" data-testid="number">
<span><strong>${escapeHtml(displayNumber(entry.number))}</strong><br>${entry.channels
        .map((channel) => `<span class="badge ${channel}">${channel === "sms" ? "SMS" : "WhatsApp"}</span>`)
        .join("")}</span><span>${entry.messages} · ${escapeHtml(time(entry.lastAt))}</span></a></li>`,
    )
    .join("");
  return layout(
    "Messaging sandbox",
    nonce,
    `<header class="top"><h1>Messaging sandbox</h1><p>WhatsApp and SMS the shop sent, kept in memory until a restart.</p></header>
<ul class="numbers">${rows || '<li class="empty">No messages yet.</li>'}</ul>
<script nonce="${nonce}">setTimeout(() => location.reload(), 3000);</script>`,
  );
}

const TICKS: Partial<Record<string, string>> = {
  accepted: "🕓",
  sent: "✓",
  delivered: "✓✓",
  read: "✓✓",
  failed: "✕ failed",
  received: "",
};

/** How a webhook fared: the shop's answer and the tries, "sending" while the first is on its way. */
function hookProgress(hook: StoredMessage["webhooks"][number]): string {
  if (!hook.lastAnswer) return "sending…";
  const tries = `${hook.attempts} ${hook.attempts === 1 ? "try" : "tries"}`;
  return `${hook.delivered ? "" : "not taken yet: "}${escapeHtml(hook.lastAnswer)} (${tries})`;
}

function bubble(message: StoredMessage, repliedTo: StoredMessage | undefined): string {
  const state = Inbox.stateOf(message);
  const badge = `<span class="badge ${message.channel}">${message.channel === "sms" ? "SMS" : "WhatsApp"}</span>`;
  const parts: string[] = [];
  if (repliedTo) {
    parts.push(`<div class="quote">${escapeHtml(repliedTo.template?.name ?? repliedTo.text ?? repliedTo.id)}</div>`);
  }
  const variables = (list: readonly { name: string; value: string }[]) =>
    list.length
      ? `<dl>${list.map((v) => `<dt>${escapeHtml(v.name)}</dt><dd>${escapeHtml(v.value)}</dd>`).join("")}</dl>`
      : "";
  if (message.template) {
    parts.push(
      `<div class="tpl" data-testid="template">${escapeHtml(message.template.name)} <small>(${escapeHtml(message.template.language)})</small></div>`,
      variables(message.template.variables),
    );
  } else if (message.sms) {
    parts.push(
      `<div class="tpl" data-testid="template">SMS template ${escapeHtml(message.sms.templateId)}${message.sms.sender ? ` <small>from ${escapeHtml(message.sms.sender)}</small>` : ""}</div>`,
      variables(message.sms.variables),
    );
  }
  if (message.button) parts.push(`<div data-testid="text">${escapeHtml(message.button.text)}</div>`);
  else if (message.text) parts.push(`<div data-testid="text">${escapeHtml(message.text)}</div>`);
  const ticks = message.direction === "out" ? TICKS[state] : "";
  parts.push(
    `<div class="meta">${badge}${escapeHtml(time(message.at))} <span class="ticks ${state}" data-testid="state" data-state="${state}">${ticks}</span></div>`,
  );
  if (message.webhooks.length) {
    parts.push(
      `<div class="hooks">${message.webhooks
        .map((hook) => `${escapeHtml(hook.kind)} → ${hookProgress(hook)}`)
        .join("<br>")}</div>`,
    );
  }
  const buttons = message.template?.buttons.length
    ? `<div class="buttons">${message.template.buttons
        .map(
          (button) =>
            `<button type="button" data-testid="quick-reply" data-press="${escapeHtml(message.id)}" data-button="${button.index}" class="${message.pressed.includes(button.payload) ? "pressed" : ""}">${escapeHtml(button.payload)}</button>`,
        )
        .join("")}</div>`
    : "";
  return `<div class="bubble ${message.direction}" data-testid="message" data-id="${escapeHtml(message.id)}" data-channel="${message.channel}">${parts.join("")}</div>${buttons}`;
}

/** The conversation's bubbles, oldest first: the part of the phone its script refreshes. */
export function conversationHtml(messages: readonly StoredMessage[]): string {
  const byId = new Map(messages.map((message) => [message.id, message]));
  return messages.map((message) => bubble(message, message.replyTo ? byId.get(message.replyTo) : undefined)).join("");
}

/** One number's phone: its conversation and a reply box; buttons and replies go through the JSON API. */
export function phonePage(number: string, messages: readonly StoredMessage[], nonce: string): string {
  return layout(
    `${displayNumber(number)} · Messaging sandbox`,
    nonce,
    `<main class="phone"><header><a href="/" aria-label="All numbers">←</a><h1 data-testid="phone-number">${escapeHtml(displayNumber(number))}</h1></header>
<section class="chat" id="chat" data-testid="conversation">${conversationHtml(messages)}</section>
<form class="reply" id="reply"><input name="text" data-testid="reply-input" placeholder="Type a reply" autocomplete="off" aria-label="Reply">
<button type="button" class="stop" data-testid="reply-stop">STOP</button><button type="submit" data-testid="reply-send">Send</button></form></main>
<script nonce="${nonce}">
const number = ${JSON.stringify(number)};
const chat = document.getElementById("chat");
const bottom = () => { chat.scrollTop = chat.scrollHeight; window.scrollTo(0, document.body.scrollHeight); };
async function refresh() {
  const html = await fetch("/numbers/" + number + "/conversation").then((r) => r.text());
  if (html !== chat.innerHTML) { chat.innerHTML = html; bottom(); }
}
async function post(path, body) {
  await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await refresh();
}
chat.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-press]");
  if (button) post("/sandbox/messages/" + encodeURIComponent(button.dataset.press) + "/press", { button: Number(button.dataset.button) });
});
const form = document.getElementById("reply");
const send = (text) => { if (text.trim()) post("/sandbox/numbers/" + number + "/reply", { text }); form.text.value = ""; };
form.addEventListener("submit", (event) => { event.preventDefault(); send(form.text.value); });
form.querySelector(".stop").addEventListener("click", () => send("STOP"));
bottom();
setInterval(refresh, 1500);
</script>`,
  );
}
