import Foundation

/// Holds the ``JSONRawDecoder`` of a ``JSONBytesDecoder``'s last decode for its next one: a
/// replay decodes an action a step, and the decoder and its member buffer would otherwise be
/// allocated and freed for every one.
///
/// Only a decoder nothing else refers to is kept, so no container a type kept can see it
/// pointed at other text. Decodes on several threads, or one inside another, each take the
/// spare if it is there and make their own if not.
final class SpareRawDecoder: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var spare: JSONRawDecoder?

    /// The spare decoder pointed at `raw`, or `nil` when there is none.
    func take(reading raw: RawJSON) -> JSONRawDecoder? {
        lock.lock()
        let decoder = spare
        spare = nil
        lock.unlock()
        decoder?.reuse(for: raw)
        return decoder
    }

    /// Keeps `decoder`, which nothing else refers to, for the next decode.
    func keep(_ decoder: JSONRawDecoder) {
        lock.lock()
        spare = decoder
        lock.unlock()
    }
}
