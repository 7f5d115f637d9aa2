/** SVG drawings for the site's hero slides and the home video (our own art, no hot-linking). */

const rnd = (seed) => {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
};

const herb = (x, y, a, c = '#5f7d35') =>
  `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M0 0 C12 -10 34 -10 46 0 C34 10 12 10 0 0Z" fill="${c}"/><path d="M0 0 L46 0" stroke="#3f5a22" stroke-width="1.5"/></g>`;

const rosemary = (x, y, a, len = 180) => {
  const leaves = Array.from({ length: 14 }, (_, i) => {
    const t = (i / 13) * len;
    return `<ellipse cx="${t}" cy="${i % 2 ? -9 : 9}" rx="13" ry="3.2" fill="#4f6b2c" transform="rotate(${i % 2 ? -30 : 30} ${t} ${i % 2 ? -9 : 9})"/>`;
  }).join('');
  return `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M0 0 L${len} 0" stroke="#6b5a33" stroke-width="3"/>${leaves}</g>`;
};

const sausage = (x, y, w, a, char = true) => `
<g transform="translate(${x} ${y}) rotate(${a})">
  <rect x="0" y="0" width="${w}" height="62" rx="31" fill="url(#sausage)"/>
  <rect x="18" y="10" width="${w - 60}" height="12" rx="6" fill="#f7b989" opacity=".45"/>
  ${char ? [0.22, 0.42, 0.62, 0.82].map((f) => `<rect x="${w * f}" y="4" width="10" height="54" rx="5" fill="#3a160c" opacity=".55" transform="rotate(14 ${w * f} 31)"/>`).join('') : ''}
</g>`;

const defs = `
<defs>
  <linearGradient id="sausage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c0653a"/><stop offset=".55" stop-color="#8f3a1d"/><stop offset="1" stop-color="#5e2210"/></linearGradient>
  <radialGradient id="ember" cx="50%" cy="100%" r="80%"><stop offset="0" stop-color="#ff8a2a" stop-opacity=".85"/><stop offset=".45" stop-color="#b4320f" stop-opacity=".45"/><stop offset="1" stop-color="#120807" stop-opacity="0"/></radialGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c08a55"/><stop offset=".5" stop-color="#a06a3b"/><stop offset="1" stop-color="#7a4a26"/></linearGradient>
  <radialGradient id="steak" cx="45%" cy="40%" r="70%"><stop offset="0" stop-color="#b7282e"/><stop offset=".7" stop-color="#8c1a20"/><stop offset="1" stop-color="#5d0f14"/></radialGradient>
  <radialGradient id="salami" cx="50%" cy="50%" r="55%"><stop offset="0" stop-color="#c4464f"/><stop offset="1" stop-color="#8e2631"/></radialGradient>
  <radialGradient id="ham" cx="40%" cy="40%" r="70%"><stop offset="0" stop-color="#f3a7a3"/><stop offset="1" stop-color="#d8777a"/></radialGradient>
  <radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></radialGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="18"/></filter>
  <filter id="soft"><feGaussianBlur stdDeviation="5"/></filter>
</defs>`;

/** Slide 1: sausages and boerewors over glowing charcoal. flicker 0..1 animates the embers (video). */
export function grill(w = 1600, h = 700, flicker = 0.5, smokeT = 0) {
  const r = rnd(7);
  const embers = Array.from({ length: 70 }, () => {
    const x = r() * 1600;
    const y = 560 + r() * 160;
    const o = 0.35 + ((r() + flicker) % 1) * 0.6;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(6 + r() * 22).toFixed(0)}" fill="${r() > 0.5 ? '#ff7a1a' : '#ffb347'}" opacity="${o.toFixed(2)}"/>`;
  }).join('');
  const grate = Array.from(
    { length: 18 },
    (_, i) => `<rect x="${i * 92 - 10}" y="130" width="14" height="560" rx="7" fill="#2a2320" stroke="#4a3d36" stroke-width="2"/>`,
  ).join('');
  const smoke = Array.from({ length: 6 }, (_, i) => {
    const y = 500 - ((smokeT * 420 + i * 80) % 480);
    const x = 250 + i * 230 + Math.sin(smokeT * 6 + i) * 30;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="120" ry="50" fill="#fff" opacity="${(0.05 + (y / 500) * 0.08).toFixed(3)}" filter="url(#blur)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 700" preserveAspectRatio="xMidYMid slice">${defs}
<rect width="1600" height="700" fill="#140b08"/>
<rect width="1600" height="700" fill="url(#ember)"/>
<g filter="url(#soft)">${embers}</g>
${grate}
${sausage(120, 210, 560, -6)}${sausage(190, 300, 520, -3)}${sausage(150, 390, 580, -5)}
${sausage(800, 170, 540, 4)}${sausage(840, 265, 500, 2)}${sausage(780, 360, 560, 5)}
<g transform="translate(1420 520)"><circle r="96" fill="none" stroke="url(#sausage)" stroke-width="50"/><circle r="44" fill="none" stroke="url(#sausage)" stroke-width="46"/></g>
${herb(120, 560, -20)}${herb(1420, 520, 30)}${herb(1300, 600, -40)}${rosemary(1150, 560, -15)}
${smoke}
<rect width="1600" height="700" fill="url(#vignette)"/>
</svg>`;
}

/** Slide 2: a marbled steak on a board with rosemary, salt and pepper. */
export function board(w = 1600, h = 700) {
  const r = rnd(11);
  const salt = Array.from(
    { length: 90 },
    () =>
      `<rect x="${(250 + r() * 1100).toFixed(0)}" y="${(120 + r() * 480).toFixed(0)}" width="5" height="5" fill="#fff" opacity=".8" transform="rotate(${(r() * 90).toFixed(0)})"/>`,
  ).join('');
  const pepper = Array.from(
    { length: 60 },
    () => `<circle cx="${(250 + r() * 1100).toFixed(0)}" cy="${(120 + r() * 480).toFixed(0)}" r="3.5" fill="#2b1a12"/>`,
  ).join('');
  const marble = Array.from({ length: 10 }, (_, i) => {
    const y = 250 + i * 24;
    return `<path d="M${560 + r() * 40} ${y} C ${700} ${y - 30 + r() * 60}, ${850} ${y + 30 - r() * 60}, ${1000 - r() * 40} ${y}" stroke="#f4d7c6" stroke-width="${(2 + r() * 4).toFixed(1)}" fill="none" opacity=".55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 700" preserveAspectRatio="xMidYMid slice">${defs}
<rect width="1600" height="700" fill="#2a1b14"/>
<rect x="120" y="60" width="1360" height="600" rx="40" fill="#000" opacity=".35" filter="url(#soft)"/>
<rect x="110" y="40" width="1360" height="600" rx="40" fill="url(#wood)"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M110 ${90 + i * 65} C 500 ${70 + i * 65}, 1000 ${110 + i * 65}, 1470 ${85 + i * 65}" stroke="#6d4222" stroke-width="2" fill="none" opacity=".35"/>`).join('')}
<g transform="translate(0 10)">
<path d="M470 250 C520 130 960 120 1080 220 C1180 300 1150 480 990 540 C820 600 560 570 490 470 C455 420 450 310 470 250Z" fill="url(#steak)" stroke="#f2dcc8" stroke-width="28"/>
${marble}
</g>
<path d="M1180 150 L1420 110 L1430 135 L1195 185Z" fill="#c9ccd1"/><rect x="1380" y="100" width="120" height="40" rx="12" fill="#2b1d16" transform="rotate(-9 1380 100)"/>
${rosemary(250, 520, -25, 240)}${rosemary(1150, 560, 10, 220)}${rosemary(300, 160, 20, 180)}
<circle cx="1250" cy="420" r="48" fill="#f1efe9"/><circle cx="1250" cy="420" r="40" fill="#e6e2d8"/>
${salt}${pepper}
<rect width="1600" height="700" fill="url(#vignette)"/>
</svg>`;
}

/** Slide 3: a cold-cut platter: salami, rolled ham, smoked chicken and olives. */
export function platter(w = 1600, h = 700) {
  const r = rnd(23);
  const salami = Array.from({ length: 9 }, (_, i) => {
    const x = 380 + (i % 3) * 120 + r() * 20;
    const y = 230 + Math.floor(i / 3) * 110 + r() * 20;
    const dots = Array.from(
      { length: 9 },
      () =>
        `<circle cx="${(x - 50 + r() * 100).toFixed(0)}" cy="${(y - 50 + r() * 100).toFixed(0)}" r="${(5 + r() * 6).toFixed(0)}" fill="#f6dcd0" opacity=".9"/>`,
    ).join('');
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="68" fill="url(#salami)" stroke="#5e1a22" stroke-width="4"/>${dots}`;
  }).join('');
  const hams = Array.from(
    { length: 5 },
    (_, i) =>
      `<g transform="translate(${860 + i * 95} ${250 + (i % 2) * 40}) rotate(${-20 + i * 8})"><rect x="-45" y="-120" width="90" height="240" rx="45" fill="url(#ham)" stroke="#f7d9d3" stroke-width="8"/><path d="M-30 -90 C0 -60 0 60 -30 90" stroke="#f9e1dc" stroke-width="6" fill="none"/></g>`,
  ).join('');
  const olives = Array.from(
    { length: 14 },
    () =>
      `<ellipse cx="${(900 + r() * 380).toFixed(0)}" cy="${(480 + r() * 100).toFixed(0)}" rx="22" ry="16" fill="${r() > 0.5 ? '#3f4a1f' : '#6b7b2c'}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 700" preserveAspectRatio="xMidYMid slice">${defs}
<rect width="1600" height="700" fill="#3a2a22"/>
<ellipse cx="810" cy="380" rx="720" ry="320" fill="#000" opacity=".35" filter="url(#soft)"/>
<ellipse cx="800" cy="360" rx="700" ry="300" fill="#f3ece2"/><ellipse cx="800" cy="360" rx="650" ry="260" fill="#ebe1d3"/>
${salami}${hams}${olives}
${herb(300, 520, -10)}${herb(340, 540, 25)}${herb(1300, 200, 40)}${rosemary(1180, 150, 15, 200)}
<g transform="translate(760 560)"><rect x="-70" y="-30" width="140" height="60" rx="10" fill="#f2c14e"/><rect x="-40" y="-60" width="60" height="40" rx="8" fill="#f5cf6a"/></g>
<rect width="1600" height="700" fill="url(#vignette)"/>
</svg>`;
}
