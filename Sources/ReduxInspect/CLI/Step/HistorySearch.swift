/// A search of the commands typed at `step`'s prompt for a line holding a text, begun with
/// Ctrl-R, as in a shell: each character typed narrows it to the newest line that holds the
/// text so far, Ctrl-R again goes to an older one, Ctrl-S to a newer one.
///
/// Only what the search knows is kept here; ``LineEditor`` shows the line found and decides
/// which keys search and which end the search.
struct HistorySearch: Equatable {
    /// The text looked for, as typed so far.
    var query = ""
    /// The position in the history of the line found last; `nil` before one is found.
    private(set) var match: Int?
    /// Whether the last look found nothing; the line found before it stays shown.
    private(set) var failed = false
    /// Whether the last look went to newer lines (Ctrl-S).
    private(set) var forward = false
    /// The line being typed when the search began, and where its cursor was: what Ctrl-G
    /// gives back.
    let original: [Character]
    let originalCursor: Int

    init(original: [Character], cursor: Int) {
        self.original = original
        originalCursor = cursor
    }

    /// What the prompt shows while searching, as a shell shows it, with `query` for the text
    /// looked for (the end of it, where the whole would not leave room for the line).
    func prompt(showing query: String) -> String {
        "(\(failed ? "failed " : "")\(forward ? "" : "reverse-")i-search)`\(query)': "
    }

    /// Looks for ``query`` in the lines of `history` from position `start` on, going
    /// `forward` (to newer lines) or back (to older ones), and remembers the first line that
    /// holds it.
    ///
    /// - Returns: That line and where the text starts in it, in characters (where the cursor
    ///   goes); `nil` when no line from `start` on holds it.
    mutating func find(in history: [String], from start: Int, forward: Bool = false) -> (
        line: [Character], cursor: Int
    )? {
        self.forward = forward
        var index = start
        while history.indices.contains(index) {
            let line = history[index]
            if !query.isEmpty, let found = line.firstRange(of: query) {
                match = index
                failed = false
                return (Array(line), line.distance(from: line.startIndex, to: found.lowerBound))
            }
            index += forward ? 1 : -1
        }
        failed = true
        return nil
    }

    /// Forgets the line found, to look again from the newest (the text looked for got
    /// shorter: a newer line may hold it now).
    mutating func restart() {
        match = nil
        failed = false
    }
}
