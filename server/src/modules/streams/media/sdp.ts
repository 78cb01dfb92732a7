/** SDP text handling of the SFU (sfu.worker.ts): what werift does not do for us. */

export type Kind = 'audio' | 'video';

/** Only VP8 video and Opus audio are forwarded: say so instead of answering an unusable session. */
export function checkCodecs(sdp: string, needVideo: boolean): string | null {
  const sections = sdp.split(/\r?\nm=/).slice(1);
  const kinds = sections.map((section) => section.split(' ', 1)[0]);
  if (needVideo && !kinds.includes('video')) return 'the offer has no video';
  if (!kinds.some((kind) => kind === 'video' || kind === 'audio')) return 'the offer has no audio or video';
  for (const section of sections) {
    const kind = section.split(' ', 1)[0];
    if (kind === 'video' && !/a=rtpmap:\d+ VP8\/90000/i.test(section)) return 'video must be VP8';
    if (kind === 'audio' && !/a=rtpmap:\d+ opus\/48000/i.test(section)) return 'audio must be Opus';
  }
  return null;
}

/** The audio and video m-sections of an offer, in order. */
export function offeredKinds(sdp: string): Kind[] {
  return sdp
    .split(/\r?\nm=/)
    .slice(1)
    .map((section) => section.split(' ', 1)[0])
    .filter((kind): kind is Kind => kind === 'audio' || kind === 'video');
}

/** Caps the broadcaster's video in the answer: b=AS (kbps) and b=TIAS (bps) in the video section. */
export function capVideoBitrate(sdp: string, bitrate: number): string {
  const lines = sdp.split('\r\n');
  const out: string[] = [];
  let inVideo = false;
  for (const line of lines) {
    if (line.startsWith('m=')) inVideo = line.startsWith('m=video');
    if (inVideo && line.startsWith('b=')) continue;
    out.push(line);
    if (inVideo && line.startsWith('c=')) {
      out.push(`b=AS:${Math.floor(bitrate / 1000)}`, `b=TIAS:${bitrate}`);
    }
  }
  return out.join('\r\n');
}

/**
 * NAT 1:1 (STREAMS_PUBLIC_IP): werift only announces addresses it can bind, so each IPv4 host
 * candidate of the answer gets a twin on the public address and the same port (the router
 * forwards the STREAMS_UDP_PORTS range to this machine), a little lower in priority. Loopback
 * and the public address itself (a machine that has it) get none.
 */
export function announcePublicIp(sdp: string, publicIp: string): string {
  const out: string[] = [];
  for (const line of sdp.split('\r\n')) {
    out.push(line);
    const match = /^a=candidate:(\S+) (\d+) (\S+) (\d+) (\d+\.\d+\.\d+\.\d+) (\d+) typ host(.*)$/.exec(line);
    if (!match) continue;
    const [, foundation, component, transport, priority, ip, port, rest] = match;
    if (ip === publicIp || ip?.startsWith('127.')) continue;
    const twin = `${foundation}n`.slice(-32);
    out.push(
      `a=candidate:${twin} ${component} ${transport} ${Number(priority) - 1} ${publicIp} ${port} typ host${rest}`,
    );
  }
  return out.join('\r\n');
}
