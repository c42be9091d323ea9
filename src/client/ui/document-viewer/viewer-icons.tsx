/** Small stroke icons for the toolbar; decorative (buttons carry aria-labels). */
const common = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const ChevronUpIcon = () => (
  <svg {...common}>
    <path d="M6 15l6-6 6 6" />
  </svg>
);
export const ChevronDownIcon = () => (
  <svg {...common}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const MinusIcon = () => (
  <svg {...common}>
    <path d="M5 12h14" />
  </svg>
);
export const PlusIcon = () => (
  <svg {...common}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const AlertIcon = () => (
  <svg {...common} width={28} height={28}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </svg>
);
export const CheckIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </svg>
);
