/** GET /static/interiors/<hash>.svg: a small generated thumbnail per interior (no auth, not logged). */
import { errorReply, methodNotAllowed, type Reply } from './api';
import type { Interior, SandboxData } from './types';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function interiorSvg(interior: Interior): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100">',
    `<title>${escapeXml(interior.name)}</title>`,
    `<rect width="160" height="100" rx="8" fill="${interior.color}"/>`,
    '<rect x="20" y="52" width="70" height="22" rx="4" fill="#fff" fill-opacity="0.75"/>',
    '<rect x="20" y="44" width="12" height="30" rx="3" fill="#fff" fill-opacity="0.9"/>',
    '<rect x="102" y="22" width="38" height="30" fill="#fff" fill-opacity="0.6" stroke="#fff"/>',
    `<text x="80" y="92" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#222">${escapeXml(interior.name)}</text>`,
    '</svg>',
  ].join('');
}

export function handleStatic(data: SandboxData, method: string, path: string): Reply {
  const name = /^\/static\/interiors\/([a-z0-9-]+)\.svg$/.exec(path)?.[1];
  const interior = name === undefined ? undefined : data.interiors[name];
  if (!interior) return errorReply(404, 'not_found', 'No such file');
  if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(method, ['GET', 'HEAD']);
  return {
    status: 200,
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    body: interiorSvg(interior),
  };
}
