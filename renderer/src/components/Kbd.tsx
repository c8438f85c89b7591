export function Kbd(props: { children: string }) {
  return <kbd className="kbd">{props.children}</kbd>;
}
