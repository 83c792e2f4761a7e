"use client";
import Linkify from "linkify-react";
// Text people wrote, with its web and e-mail addresses as links. The text is never read as HTML: linkify only cuts it
// into strings and <a> elements, so a comment cannot bring markup or a javascript: link with it.
import type { Opts } from "linkifyjs";
import { Fragment } from "react";

const LINK_OPTIONS: Opts = {
  defaultProtocol: "https",
  // Web addresses written with http(s) or with no scheme (https is then assumed), and e-mail; ftp:// and the like stay text.
  validate: { url: (value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^https?:\/\//i.test(value) },
  target: { url: "_blank" },
  rel: "noopener noreferrer nofollow",
  className: "underline underline-offset-2 hover:text-primary",
};

export function LinkedText({ children }: { children: string }) {
  return (
    <Linkify as={Fragment} options={LINK_OPTIONS}>
      {children}
    </Linkify>
  );
}
