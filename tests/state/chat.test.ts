import {describe, expect, it} from 'vitest'
import {
  addConversation,
  addMessage,
  endReply,
  lastReply,
  markInterrupted,
  removeConversation,
  removeConversationMessages,
  removeMessage,
  renameConversation,
  setDraft,
  titleFromText,
  touchConversation,
  updateMessage,
  withReplyText,
  type ChatMessage,
  type ChatMessages,
  type Conversation,
} from '../../src/state/chat.ts'
import {parseConversations, parseDrafts, parseMessages} from '../../src/state/chat-persist.ts'

const conversation = (id: string, title = id): Conversation => ({id, title, createdAt: 1})
const user = (id: string, text = id): ChatMessage => ({id, role: 'user', text, status: 'done'})
const reply = (id: string, text = '', status: ChatMessage['status'] = 'streaming'): ChatMessage => ({id, role: 'assistant', text, status})

describe('conversation updaters', () => {
  it('should put a new conversation first and move one with a new message to the top', () => {
    const list = addConversation(addConversation([], conversation('a')), conversation('b'))
    expect(list.map((item) => item.id)).toEqual(['b', 'a'])
    expect(touchConversation(list, 'a').map((item) => item.id)).toEqual(['a', 'b'])
    expect(touchConversation(list, 'b')).toBe(list)
  })

  it('should rename a conversation, ignoring blank titles', () => {
    const list = [conversation('a', 'Old')]
    expect(renameConversation(list, 'a', '  New   title ')[0]!.title).toBe('New title')
    expect(renameConversation(list, 'a', '   ')).toBe(list)
    expect(renameConversation(list, 'missing', 'x')).toBe(list)
  })

  it('should remove a conversation and its messages', () => {
    const messages = addMessage(addMessage({}, 'a', user('1')), 'b', user('2'))
    expect(removeConversation([conversation('a'), conversation('b')], 'a').map((item) => item.id)).toEqual(['b'])
    expect(Object.keys(removeConversationMessages(messages, 'a'))).toEqual(['b'])
  })

  it('should title a conversation after the first line of its first message', () => {
    expect(titleFromText('\n# Write **fibonacci** in Rust\nplease')).toBe('Write fibonacci in Rust')
    expect(titleFromText('   ')).toBe('New chat')
    expect(titleFromText('x'.repeat(100))).toHaveLength(48)
  })
})

describe('message updaters', () => {
  it('should append messages per conversation', () => {
    const messages = addMessage(addMessage({}, 'c', user('1')), 'c', reply('2'))
    expect(messages.c!.map((message) => message.id)).toEqual(['1', '2'])
  })

  it('should update one message and keep the others (and the object when nothing changes)', () => {
    const messages: ChatMessages = {c: [user('1'), reply('2')]}
    const next = updateMessage(messages, 'c', '2', (message) => withReplyText(message, 'Hello'))
    expect(next.c![1]!.text).toBe('Hello')
    expect(next.c![0]).toBe(messages.c![0])
    expect(updateMessage(next, 'c', '2', (message) => withReplyText(message, 'Hello'))).toBe(next)
    expect(updateMessage(messages, 'c', 'missing', () => user('x'))).toBe(messages)
  })

  it('should remove a message, or a message and everything after it', () => {
    const messages: ChatMessages = {c: [user('1'), reply('2', 'a', 'done'), user('3')]}
    expect(removeMessage(messages, 'c', '2').c!.map((message) => message.id)).toEqual(['1', '3'])
    expect(removeMessage(messages, 'c', '2', true).c!.map((message) => message.id)).toEqual(['1'])
  })

  it('should end a reply as done, stopped or failed, keeping the partial text', () => {
    const streaming = reply('r', 'Par')
    expect(endReply(streaming, {text: 'Partial', cancelled: false})).toMatchObject({status: 'done', text: 'Partial'})
    expect(endReply(streaming, {text: 'Part', cancelled: true})).toMatchObject({status: 'stopped', text: 'Part'})
    expect(endReply(streaming, {text: 'Pa', error: 'Lost'})).toMatchObject({status: 'error', text: 'Pa', error: 'Lost'})
  })

  it('should mark a reply that was streaming at a reload as interrupted, and keep its text', () => {
    const list = [user('1'), reply('2', 'half a repl')]
    expect(markInterrupted(list)[1]).toMatchObject({status: 'interrupted', text: 'half a repl'})
    const done = [user('1'), reply('2', 'all', 'done')]
    expect(markInterrupted(done)).toBe(done)
  })

  it('should find the last reply only when it ends the conversation', () => {
    expect(lastReply([user('1'), reply('2')])?.id).toBe('2')
    expect(lastReply([reply('2'), user('3')])).toBeUndefined()
  })

  it('should keep drafts by key and drop empty ones', () => {
    const drafts = setDraft({}, 'c', 'hello')
    expect(drafts).toEqual({c: 'hello'})
    expect(setDraft(drafts, 'c', 'hello')).toBe(drafts)
    expect(setDraft(drafts, 'c', '')).toEqual({})
  })
})

describe('saved chats', () => {
  it('should read back valid conversations and messages and skip the rest', () => {
    expect(parseConversations([{id: 'a', title: 'A', createdAt: 5}, {id: 1}, null, 'x'])).toEqual([{id: 'a', title: 'A', createdAt: 5}])
    expect(parseConversations('nope')).toEqual([])
    const messages = parseMessages([
      {id: '1', role: 'user', text: 'hi', status: 'done'},
      {id: '2', role: 'assistant', text: 'he', status: 'streaming', offline: true, model: 'm'},
      {id: '3', role: 'system', text: 'x'},
      {id: '4', role: 'assistant', text: 'x', status: 'weird'},
    ])
    expect(messages.map((message) => [message.id, message.status])).toEqual([
      ['1', 'done'],
      ['2', 'streaming'],
      ['4', 'done'],
    ])
    expect(messages[1]).toMatchObject({offline: true, model: 'm'})
    expect(parseDrafts({a: 'x', b: 3, c: ''})).toEqual({a: 'x'})
  })

  it('should keep the length limit a reply stopped at', () => {
    const [capped, model] = parseMessages([
      {id: '1', role: 'assistant', text: 'x', status: 'done', lengthLimit: {maxChars: 500}},
      {id: '2', role: 'assistant', text: 'y', status: 'done', lengthLimit: {}},
    ])
    expect(capped!.lengthLimit).toEqual({maxChars: 500})
    expect(model!.lengthLimit).toEqual({maxChars: undefined})
    expect(endReply({id: '3', role: 'assistant', text: '', status: 'streaming'}, {text: 'z', cancelled: false, lengthLimit: {maxChars: 9}})).toMatchObject({
      status: 'done',
      lengthLimit: {maxChars: 9},
    })
  })
})
