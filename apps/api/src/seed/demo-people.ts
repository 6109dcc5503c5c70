import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { paises, usuarios } from '../db/schema/index.js';
import { People, type Person } from './people.js';
import type { Random } from './random.js';

type NewUser = typeof usuarios.$inferInsert;

/** The people behind the fixed demo accounts (demo-accounts.ts), with the roles each one holds. */
const FIXED: Record<string, { person: Omit<Person, 'email'>; user: Partial<NewUser> }> = {
  'admin@demo.edu.py': {
    person: fixedPerson('Lucía', 'Ramírez Benítez', 2, '1234567', '1980-05-14'),
    user: { esAdmin: true, esAdminRoot: true },
  },
  'funcionario@demo.edu.py': {
    person: fixedPerson('Miguel', 'Duarte Acosta', 1, '2345678', '1985-09-02'),
    // The root administrator granted this Funcionario 'actas:rectificar' (issue 30).
    user: { esFuncionario: true, puedeRectificar: true },
  },
  'profesor@demo.edu.py': {
    person: fixedPerson('Ricardo', 'Giménez Ortiz', 1, '1876543', '1975-11-23'),
    user: { esProfesor: true },
  },
  'alumno@demo.edu.py': {
    person: fixedPerson('Sofía', 'Cáceres Villalba', 2, '5678901', '2004-03-18'),
    user: { esAlumno: true },
  },
  'multirol@demo.edu.py': {
    person: fixedPerson('Andrés', 'Aquino Rojas', 1, '4567890', '1998-07-30'),
    user: { esAlumno: true, esProfesor: true, esFuncionario: true },
  },
  'nuevo@demo.edu.py': {
    person: fixedPerson('Camila', 'Núñez Cabrera', 2, '7123456', '2007-01-09'),
    user: { esAlumno: true, firstLogin: true },
  },
};

function fixedPerson(
  nombre: string,
  apellido: string,
  genero: number,
  numeroDocumento: string,
  fechaNacimiento: string,
) {
  return {
    nombre,
    apellido,
    genero,
    numeroDocumento,
    fechaNacimiento,
    telefonoCelular: `0981 ${numeroDocumento.slice(1, 4)} ${numeroDocumento.slice(4, 7)}`,
    lugarNacimiento: 'Asunción',
    domicilioLocalidad: 'Asunción',
  };
}

export interface DemoPeople {
  /** User id by e-mail of every demo user. */
  idByEmail: Map<string, number>;
  /** Generated professors (the fixed profesor and multirol accounts come apart). */
  professorIds: number[];
  /** Generated students (the fixed alumno, multirol and nuevo accounts come apart). */
  studentIds: number[];
}

/** Inserts the fixed accounts plus the generated professors and students, all sharing one password hash. */
export async function insertDemoPeople(
  tx: Tx,
  random: Random,
  passwordHash: string,
  counts: { professors: number; students: number },
): Promise<DemoPeople> {
  const [paraguay] = await tx.select({ id: paises.id }).from(paises).where(eq(paises.nombre, 'Paraguay'));
  const people = new People(random, 'demo.edu.py');
  for (const [email, f] of Object.entries(FIXED)) people.reserve(email, f.person.numeroDocumento);

  const base = (p: Omit<Person, 'email'>, email: string): NewUser => ({
    ...p,
    email,
    passwordHash,
    firstLogin: false,
    nacionalidadPaisId: paraguay?.id,
    domicilioPaisId: paraguay?.id,
  });
  const fixedRows = Object.entries(FIXED).map(([email, f]) => ({ ...base(f.person, email), ...f.user }));
  const profesorRows = Array.from({ length: counts.professors }, () => {
    const p = people.next({ born: [1960, 1990], documento: [600_000, 4_500_000] });
    return { ...base(p, p.email), esProfesor: true };
  });
  const alumnoRows = Array.from({ length: counts.students }, () => {
    const p = people.next({ born: [1996, 2007], documento: [4_000_000, 8_400_000] });
    return { ...base(p, p.email), esAlumno: true };
  });

  const inserted = await tx
    .insert(usuarios)
    .values([...fixedRows, ...profesorRows, ...alumnoRows])
    .returning({ id: usuarios.id, email: usuarios.email });
  const idByEmail = new Map(inserted.map((u) => [u.email, u.id]));
  return {
    idByEmail,
    professorIds: profesorRows.map((u) => idByEmail.get(u.email)!),
    studentIds: alumnoRows.map((u) => idByEmail.get(u.email)!),
  };
}
