export { createAiSdkJudge, toJudgeUsage, toJudgeCallError, type AiSdkJudgeOptions } from './ai-sdk-judge.js';
export { createOpenAIJudge, type HttpJudgeOptions } from './create-openai-judge.js';
export { createAnthropicJudge } from './create-anthropic-judge.js';
export { createOpenAICompatibleJudge, type OpenAICompatibleJudgeOptions } from './create-openai-compatible-judge.js';
export { createCommandJudge, type CommandJudgeOptions } from './create-command-judge.js';
export { parseCommandLine } from './parse-command-line.js';
export { preloadJudgeSdk } from './preload-judge-sdk.js';
