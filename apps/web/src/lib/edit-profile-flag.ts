/**
 * The local flag `editProfile` (spec 01 section 2, spec 02 section 2): 'true' while a student updates their
 * ficha on the way to subject enrolment. Saving the ficha then returns to the enrolment form, which asks
 * for the 'Manifiesto de Conformidad'. It lives in localStorage, so a logout clears it.
 */
export const EDIT_PROFILE_FLAG = 'editProfile';

export function isEditProfileFlow(): boolean {
  return localStorage.getItem(EDIT_PROFILE_FLAG) === 'true';
}

export function setEditProfileFlow(on: boolean): void {
  if (on) localStorage.setItem(EDIT_PROFILE_FLAG, 'true');
  else localStorage.removeItem(EDIT_PROFILE_FLAG);
}
