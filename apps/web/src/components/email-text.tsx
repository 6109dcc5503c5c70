/**
 * An e-mail address that may break after its '@' (a `<wbr>`, not copied with the text): otherwise the whole
 * address is one unbreakable word that sets its column's width and pushes a list's last columns off a 1280 px
 * screen (issue 34 item 12).
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
