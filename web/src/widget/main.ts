// Entry of the school widget's own bundle (web/widget.html): none of the web
// app's React code, so a framed page stays within 60 kB of compressed script.
// Zod must not compile parsers with eval (the CSP forbids it): first import.
import '@gas/contracts/zod-jitless';
import './widget.css';
import { avviaWidget } from './widget';

avviaWidget(document.getElementById('widget')!, window.location);
