// The few icons islands need, as plain SVG: lucide-react's runtime would cost ~2 KB of the
// browser bundle. Paths are lucide's (ISC licence), drawn the same way as in the templates.

function Icon({ paths, className }: { paths: string[]; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const ChevronDown = ({ className }: { className?: string }) => <Icon className={className} paths={['m6 9 6 6 6-6']} />;
export const Menu = ({ className }: { className?: string }) => <Icon className={className} paths={['M4 5h16', 'M4 12h16', 'M4 19h16']} />;
export const X = ({ className }: { className?: string }) => <Icon className={className} paths={['M18 6 6 18', 'm6 6 12 12']} />;
export const Phone = ({ className }: { className?: string }) => (
  <Icon
    className={className}
    paths={[
      'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
    ]}
  />
);
