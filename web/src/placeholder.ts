// Placeholder until the storefront lands: shows whether the gateway answers, so a person starting the shop
// sees at a glance that the system is up.
import "./placeholder.css";

const status = document.getElementById("status");
fetch("/healthz")
  .then((response) => {
    if (status) status.textContent = response.ok ? "The gateway is up." : `The gateway answered ${response.status}.`;
  })
  .catch(() => {
    if (status) status.textContent = "The gateway does not answer.";
  });
