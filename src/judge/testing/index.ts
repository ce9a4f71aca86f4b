export {
  startFakeLlmServer,
  fakeTokens,
  type FakeServerOptions,
  type FakeLlmServer,
  type FakeReply,
  type FakeReplyFn,
  type FakeRequest,
  type WireProtocol,
} from './fake-llm-server.js';
export { startFakeOpenAIServer, OPENAI_CHAT_PROTOCOL } from './fake-openai-server.js';
export { startFakeAnthropicServer, ANTHROPIC_MESSAGES_PROTOCOL } from './fake-anthropic-server.js';
export {
  validAnswer,
  validAnswerFromPrompt,
  evidenceIdsInPrompt,
  constantAnswerFromPrompt,
  freeIdAnswer,
  schemaConstrainedAnswer,
} from './judge-answer-builders.js';
export { sampleBundle, sampleAssessment, defaultEntries, SAMPLE_TASK } from './sample-judge-inputs.js';
export { createScriptedJudge, type ScriptedStep } from './scripted-judge.js';
