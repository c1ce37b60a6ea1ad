/** Checks of command-line values shared by the bridge agent and the simulator (commander argParsers). */
import { InvalidArgumentError } from 'commander';

export function integer(min: number, max: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || value < min || value > max) throw new InvalidArgumentError(`Expected an integer from ${min} to ${max}.`);
    return value;
  };
}

export function positiveNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('Expected a positive number.');
  return value;
}

export function mqttUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError('Expected a URL such as mqtt://127.0.0.1:1883.');
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:'].includes(url.protocol)) throw new InvalidArgumentError('Expected an mqtt://, mqtts://, ws:// or wss:// URL.');
  return text;
}

export function serial(text: string): string {
  if (!/^[^/+#\s]{1,128}$/.test(text)) throw new InvalidArgumentError('A serial is 1-128 characters without spaces, "/", "+" or "#".');
  return text;
}
