import Foundation

/// One line of a recording, format version 1, before encoding.
@usableFromInline
enum RecordingLine<State: Encodable, Action: Encodable> {
    case header(reducer: String?, app: String?, started: Date, initialState: State?)
    case entry(seq: Int, time: Date, action: Action, state: State?, microseconds: Int?)
    case gap(after: Int, dropped: Int, reason: String)
    case end(seq: Int, state: State?)
    /// Not a line: the writer signals the semaphore once everything before it is written.
    case barrier(DispatchSemaphore)

    /// The `seq` this line records, for entries.
    var seq: Int? {
        if case .entry(let seq, _, _, _, _) = self { return seq }
        return nil
    }
}
