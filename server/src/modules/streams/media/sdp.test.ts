import { describe, expect, it } from 'vitest';
import { announcePublicIp, capVideoBitrate, checkCodecs, offeredKinds } from './sdp.ts';

const answer = [
  'v=0',
  'o=- 1 1 IN IP4 0.0.0.0',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'c=IN IP4 0.0.0.0',
  'a=rtpmap:111 opus/48000/2',
  'a=candidate:0a1b 1 udp 2130706431 192.168.1.20 40001 typ host',
  'a=candidate:0a1c 1 udp 2130706430 127.0.0.1 40002 typ host',
  'a=candidate:0a1d 1 udp 2130706429 fe80::1 40003 typ host',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'c=IN IP4 0.0.0.0',
  'b=AS:5000',
  'a=rtpmap:96 VP8/90000',
  '',
].join('\r\n');

describe('the SFU SDP helpers', () => {
  it('announces the public address as a twin of each private IPv4 host candidate (NAT 1:1)', () => {
    const lines = announcePublicIp(answer, '203.0.113.7').split('\r\n');
    const twins = lines.filter((line) => line.includes('203.0.113.7'));
    expect(twins).toEqual(['a=candidate:0a1bn 1 udp 2130706430 203.0.113.7 40001 typ host']);
    expect(lines.indexOf(twins[0] ?? '')).toBe(
      lines.indexOf('a=candidate:0a1b 1 udp 2130706431 192.168.1.20 40001 typ host') + 1,
    );
    // A machine that has the public address itself announces it once.
    expect(announcePublicIp(answer, '192.168.1.20')).toBe(answer);
  });

  it('caps the video section at the bitrate, replacing what was there, and leaves audio alone', () => {
    const capped = capVideoBitrate(answer, 800_000);
    const [audio, video] = capped.split('m=video');
    expect(audio).not.toContain('b=');
    expect(video).toContain('c=IN IP4 0.0.0.0\r\nb=AS:800\r\nb=TIAS:800000\r\n');
    expect(video).not.toContain('b=AS:5000');
  });

  it('accepts VP8 and Opus only, and needs video to publish', () => {
    expect(checkCodecs(answer, true)).toBeNull();
    expect(checkCodecs(answer.replace('VP8/90000', 'H264/90000'), true)).toBe('video must be VP8');
    expect(checkCodecs(answer.replace('opus/48000', 'PCMU/8000'), false)).toBe('audio must be Opus');
    const audioOnly = answer.slice(0, answer.indexOf('m=video'));
    expect(checkCodecs(audioOnly, true)).toBe('the offer has no video');
    expect(checkCodecs(audioOnly, false)).toBeNull();
    expect(checkCodecs('v=0\r\ns=-\r\n', false)).toBe('the offer has no audio or video');
    expect(offeredKinds(answer)).toEqual(['audio', 'video']);
  });
});
