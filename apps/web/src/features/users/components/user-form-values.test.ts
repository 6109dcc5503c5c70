import { MSG, Role, type UserDetail } from '@arandu/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER,
  fromDetail,
  newCategoriaRow,
  toUserSave,
  validateUser,
  type UserFormValues,
} from './user-form-values';

const label = (id: number) => `INF0${id} - Materia ${id}`;
const valid: UserFormValues = {
  ...EMPTY_USER,
  nombre: 'Ana',
  apellido: 'Benítez',
  numeroDocumento: '4123456',
  email: 'ana@demo.edu.py',
  nacionalidadPaisId: 1,
  telefonoCelular: '0981 123 456',
  roles: [Role.Profesor],
};

describe('user form validation (the shared schemas)', () => {
  it('accepts a complete staff form and answers the spec messages for what is missing', () => {
    expect(validateUser(valid, 'staff', label)).toEqual({});
    expect(validateUser(EMPTY_USER, 'staff', label)).toMatchObject({
      nombre: MSG.nombreRequired,
      apellido: MSG.apellidoRequired,
      numeroDocumento: MSG.documentoInvalid,
      email: MSG.emailRequired,
      nacionalidadPaisId: MSG.nacionalidadRequired,
      telefonoCelular: MSG.phoneInvalid,
      roles: MSG.roleRequired,
    });
  });

  it('checks the phones and the document', () => {
    const errors = validateUser(
      { ...valid, numeroDocumento: '12345', telefonoCelular: '12-ab', trabajoTelefono: '123', domicilioTelefono: '' },
      'staff',
      label,
    );
    expect(errors).toEqual({
      numeroDocumento: MSG.documentoInvalid,
      telefonoCelular: MSG.phoneInvalid,
      trabajoTelefono: MSG.phoneInvalid,
    });
  });

  it('names a subject listed twice, and asks for subject, rank and note of each row', () => {
    const rows = [
      { ...newCategoriaRow(), materiaId: 7, escalafonDocenteId: 1, notas: 'a' },
      { ...newCategoriaRow(), materiaId: 7, escalafonDocenteId: 2, notas: 'b' },
      newCategoriaRow(),
    ];
    const errors = validateUser({ ...valid, categoriasProfesores: rows }, 'staff', label);
    expect(errors['categoriasProfesores.1.materiaId']).toBe('La materia INF07 - Materia 7 ya fue agregada.');
    expect(errors['categoriasProfesores.2.materiaId']).toBe(MSG.categoriaMateriaRequired);
    expect(errors['categoriasProfesores.2.escalafonDocenteId']).toBe(MSG.categoriaEscalafonRequired);
    expect(errors['categoriasProfesores.2.notas']).toBe(MSG.categoriaNotaRequired);
  });

  it('keeps no categories for a user who is not a professor', () => {
    const rows = [newCategoriaRow()];
    const values = { ...valid, roles: [Role.Alumno], categoriasProfesores: rows };
    expect(toUserSave(values).categoriasProfesores).toEqual([]);
    expect(validateUser(values, 'staff', label)).toEqual({});
  });

  it('profile mode skips the identity rules and roles, and requires the emergency contact', () => {
    const profile = { ...EMPTY_USER, nacionalidadPaisId: 1, telefonoCelular: '0981 123 456' };
    expect(validateUser(profile, 'profile', label)).toEqual({
      emergenciaNumero: MSG.phoneInvalid,
      emergenciaContacto: MSG.emergencyContactRequired,
    });
    expect(
      validateUser({ ...profile, emergenciaNumero: '(021) 555-123', emergenciaContacto: 'María' }, 'profile', label),
    ).toEqual({});
  });

  it('turns a loaded user into form values (nulls as empty texts)', () => {
    const detail = {
      ...EMPTY_USER,
      id: 5,
      lugarNacimiento: null,
      roles: [{ value: 1, label: 'Profesor', code: 'P' }],
      categoriasProfesores: [
        { id: 9, materia: { value: 3, label: 'x' }, escalafon: { value: 2, label: 'y' }, notas: 'n' },
      ],
    } as unknown as UserDetail;
    const values = fromDetail(detail);
    expect(values.lugarNacimiento).toBe('');
    expect(values.roles).toEqual([1]);
    expect(values.categoriasProfesores).toEqual([{ key: 'c-9', materiaId: 3, escalafonDocenteId: 2, notas: 'n' }]);
  });
});
