import type { MantineColor } from '@mantine/core';
import classes from './progress-ring.module.css';

interface ProgressRingProps {
  /** 0 to 100. */
  value: number;
  color: MantineColor;
  size: number;
  thickness: number;
}

/**
 * A percentage drawn as a ring, for the eye only (the value is written beside it). Plain SVG rather than
 * Mantine's RingProgress, which mounts a floating tooltip per section that measures the page's scroll
 * containers as the dashboard first paints: a dozen layout reads on a phone (issue 16).
 */
export function ProgressRing({ value, color, size, thickness }: ProgressRingProps) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const circle = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <svg className={classes.ring} width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden>
      <circle {...circle} className={classes.track} />
      {value > 0 && (
        <circle
          {...circle}
          stroke={`var(--mantine-color-${color}-filled)`}
          strokeLinecap="round"
          strokeDasharray={`${(Math.min(value, 100) / 100) * circumference} ${circumference}`}
        />
      )}
    </svg>
  );
}
