// The 'external' build keeps styles and workers out of inline code, so the strict CSP holds.
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-overrides.css';
import 'altcha/i18n/ro';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

const pbkdf2Algorithms = ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'];
const shaAlgorithms = ['SHA-256', 'SHA-384', 'SHA-512'];

for (const algorithm of pbkdf2Algorithms) $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
for (const algorithm of shaAlgorithms) $altcha.algorithms.set(algorithm, () => new ShaWorker());
