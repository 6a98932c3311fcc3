/**
 * A hint of which address a registration uses, for the holder of an emailed link (docs/product.md#api
 * Flight request via token): the first character of the mailbox and the whole domain, so a family sees
 * "which of our addresses" without a forwarded link giving the address away; the link's form still
 * asks for the address itself, which must match.
 */
export function emailHint(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}
