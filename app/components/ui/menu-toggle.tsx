/**
 * What the small-screen menu's <summary> shows (the site's header and the back office's): the
 * three lines while closed, a cross while open (Tailwind's group-open on the <details>), and "Menú".
 */
export function MenuToggleLabel() {
  return (
    <>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="h-5 w-5 group-open:hidden"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 7h16M4 12h16M4 17h16" />
      </svg>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="hidden h-5 w-5 group-open:block"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
      Menú
    </>
  );
}
