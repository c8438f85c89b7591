import { contextBridge, ipcRenderer } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL, isMethodName, methodNames } from '@shared/contract';

/**
 * `window.anchor`: the contract's methods and nothing else. Names are checked here as well as in the main process,
 * so a compromised page cannot reach a channel that is not part of the API.
 */
contextBridge.exposeInMainWorld('anchor', {
  methods: [...methodNames],
  mediaBase: 'anchor-media://',
  call: (method: string, input: unknown) => {
    if (!isMethodName(method)) return Promise.resolve({ ok: false, error: { code: 'unknown_method', message: `there is no method "${method}"` } });
    return ipcRenderer.invoke(CALL_CHANNEL, method, input);
  },
  onEvent: (listener: (event: unknown) => void) => {
    const wrapped = (_: unknown, event: unknown) => listener(event);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
});
