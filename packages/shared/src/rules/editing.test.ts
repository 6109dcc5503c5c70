import { describe, expect, it } from 'vitest';
import { EstadoPublicacion } from '../enums.js';
import { canEditarPlaneamiento, canEditTask } from './editing.js';

const now = new Date('2026-05-10T12:00:00Z');
const open = {
  gestiona: true,
  estado: EstadoPublicacion.Preliminar,
  finCalificarTareas: '2026-07-01T03:00:00Z',
  finEditarPlaneamiento: '2026-04-01T03:00:00Z',
};

describe('canEditTask', () => {
  it('allows whoever manages a Preliminar subject before the deadline', () => {
    expect(canEditTask(open, now)).toBe(true);
  });
  it('refuses someone who neither teaches nor manages it', () => {
    expect(canEditTask({ ...open, gestiona: false }, now)).toBe(false);
  });
  it('refuses a published or sealed subject', () => {
    expect(canEditTask({ ...open, estado: EstadoPublicacion.Publicado }, now)).toBe(false);
    expect(canEditTask({ ...open, estado: EstadoPublicacion.Sellado }, now)).toBe(false);
  });
  it('refuses at and after finCalificarTareas', () => {
    expect(canEditTask({ ...open, finCalificarTareas: now.toISOString() }, now)).toBe(false);
    expect(canEditTask({ ...open, finCalificarTareas: '2026-05-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('canEditarPlaneamiento', () => {
  it('follows finEditarPlaneamiento, and a published subject may still be planned', () => {
    const later = { ...open, finEditarPlaneamiento: '2026-06-01T00:00:00Z' };
    expect(canEditarPlaneamiento(open, now)).toBe(false);
    expect(canEditarPlaneamiento(later, now)).toBe(true);
    expect(canEditarPlaneamiento({ ...later, estado: EstadoPublicacion.Publicado }, now)).toBe(true);
    expect(canEditarPlaneamiento({ ...later, estado: EstadoPublicacion.Sellado }, now)).toBe(false);
    expect(canEditarPlaneamiento({ ...later, gestiona: false }, now)).toBe(false);
  });
});
