/// The memory a ``JSONRawDecoder`` works in: the members and elements of its containers, its
/// coding paths, and the keys of enum cases it has made. A decoder that nothing kept hands it
/// on to the next decode (see ``SpareWorkspace``); the decoder itself is never reused, so a
/// weak or unowned reference to it that a type kept never reaches another decode's text.
///
/// Its parts are not checked for exclusive access at run time (which costs as much as a
/// small decode's paths): only the decoder uses them, and nothing they call can reach them
/// again.
final class DecodeWorkspace {
    /// The members and elements of every container made so far, each container's in a run
    /// of its own: one buffer for the whole decode instead of an array for each container.
    @exclusivity(unchecked) var found = RawStack<RawJSON.Member>(capacity: 16)
    /// The coding paths of the containers and values so far.
    @exclusivity(unchecked) var paths = CodingPathTree()
    /// The keys of one-member objects answered so far, kept from decode to decode.
    @exclusivity(unchecked) var keyLists = KeyListCache()

    /// Whether the memory is small enough to keep between decodes: a decode of a value with
    /// a great many members should not hold their memory until the next one.
    var isWorthKeeping: Bool {
        found.count <= 4_096 && paths.count <= 4_096
    }

    /// Forgets the members and paths of the last decode, keeping the memory; the keys of
    /// enum cases stay for the next decode.
    func empty() {
        found.truncate(to: 0)
        paths.removeAll()
    }
}
