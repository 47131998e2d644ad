import { Link } from "@chakra-ui/react";
import { HTML_LANG, LANGUAGE_COOKIE, LANGUAGE_NAMES, type Language, pathInLanguage } from "@storefront/contracts/plain";
import { useLocation } from "react-router-dom";
import { useLanguage } from "../i18n/i18n";

/** A year: the choice is the shopper's until they make another. */
const REMEMBERED_SECONDS = 365 * 24 * 3600;

/**
 * The navbar's "मराठी" / "English" (docs/languages.md): the same page in the other language, a real link (it works
 * before the page's code has loaded, and a crawler follows it). Following it remembers the choice for a bare `/`; the
 * cart lives in the browser's storage, so it comes along.
 */
export function LanguageSwitch() {
  const { language, say } = useLanguage();
  const other: Language = language === "mr" ? "en" : "mr";
  // The router's location is within the page's language (its basename): the page's own path.
  const { pathname, search } = useLocation();
  const href = `${pathInLanguage(other, pathname)}${search}`;
  return (
    <Link
      href={href}
      hrefLang={HTML_LANG[other]}
      lang={HTML_LANG[other]}
      title={say("nav.readIn", { language: LANGUAGE_NAMES[other] })}
      data-testid="language-switch"
      px="3"
      py="2"
      borderRadius="md"
      fontWeight="medium"
      color="brand.fg"
      onClick={() => {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from phones' older Safari and Firefox; this one cookie is written on a tap
        document.cookie = `${LANGUAGE_COOKIE}=${other}; path=/; max-age=${REMEMBERED_SECONDS}; samesite=lax`;
      }}
    >
      {LANGUAGE_NAMES[other]}
    </Link>
  );
}
