// Node has its own CustomEvent, which jsdom's dispatchEvent refuses: use the window's.
Object.assign(globalThis, { CustomEvent: window.CustomEvent });
