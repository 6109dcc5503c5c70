import { useEffect, useRef, useState } from 'react';

/** Spec 02 section 2: the letterhead appears only while printing, 75 ms after 'Imprimir'. */
export const PRINT_DELAY_MS = 75;

/** 'Imprimir' of an acta: shows the letterhead, then opens the print dialog; hides it again afterwards. */
export function usePrint() {
  const [printing, setPrinting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      clearTimeout(timer.current);
    };
  }, []);

  const print = () => {
    setPrinting(true);
    timer.current = setTimeout(() => window.print(), PRINT_DELAY_MS);
  };
  return { printing, print };
}
