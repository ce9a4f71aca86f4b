import { startFakeOpenAIServer, validAnswerFromPrompt } from '../src/judge/testing/index.js';

// Runs the loopback judge in its own process so its CPU does not compete with the client being measured.
const delayMs = Number(process.argv[2] ?? 200);
const server = await startFakeOpenAIServer();
server.setDefault((req) => ({ answer: validAnswerFromPrompt(req.prompt), delayMs }));
process.stdout.write(`${server.baseUrl}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
