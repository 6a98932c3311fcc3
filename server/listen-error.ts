/**
 * The one line the server stops with when it cannot listen where it was told (README.md
 * "Configuration": a bad value stops the server at start with one line naming the variable). Null for an error no setting explains: the caller prints it whole.
 */
export function listenErrorText(e: NodeJS.ErrnoException, host: string, port: number): string | null {
  switch (e.code) {
    case 'EADDRINUSE':
      return `PORT ${port} is already in use on ${host}: stop what listens there, or set PORT to a free port`;
    case 'EACCES':
      return `PORT ${port} on ${host} needs privileges this process does not have: set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST ${host} is not an address of this machine (${e.code}): set HOST to one, e.g. 127.0.0.1 or 0.0.0.0`;
    default:
      return null;
  }
}
