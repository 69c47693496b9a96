import Foundation

/// Holds the memory of a ``JSONBytesDecoder``'s last decode for its next one: a replay decodes
/// an action a step, and the member buffer and paths would otherwise be allocated and freed
/// for every one.
///
/// Only a decoder nothing else refers to hands its memory on (see
/// ``JSONRawDecoder/handOverWorkspace()``), so no container a type kept can see it used for
/// other text. Decodes on several threads, or one inside another, each take the spare if it is
/// there and allocate their own if not.
final class SpareWorkspace: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var spare: DecodeWorkspace?

    /// The spare memory, or `nil` when there is none.
    func take() -> DecodeWorkspace? {
        lock.lock()
        defer { lock.unlock() }
        let workspace = spare
        spare = nil
        return workspace
    }

    /// Keeps `workspace`, which no decoder uses any more, for the next decode.
    func keep(_ workspace: DecodeWorkspace) {
        lock.lock()
        spare = workspace
        lock.unlock()
    }
}
