/// Finds where a value inside a line starts, so that an error about it names its column.
///
/// Some errors are found only after a line is parsed, from the values: a header whose
/// `version` is not an integer, an action that does not decode into the app's type. The
/// parsed values no longer know where they were written, but the line's bytes do; pointing
/// at the value rather than at the line's first character is what lets a user find it in a
/// line of many kilobytes.
enum ValueLocator {
    /// The 1-based column (in characters) where the value at `path` starts in `line`, one
    /// JSON value (a recording's line); where a step of the path is not there (a missing
    /// member, an index past the end, an `id` step), the column of the deepest value found on
    /// the way, the line's first value for the root.
    ///
    /// With duplicate keys the first member is taken, as ``JSONObject``'s subscript does; a key
    /// written with escapes is not recognised, and the search stops at its object.
    static func column(of path: JSONPath, in line: UnsafeBufferPointer<UInt8>) -> Int {
        JSONParseError.position(of: offset(of: path, in: line), in: line).column
    }

    /// The byte offset where the value at `path` starts (see ``column(of:in:)``).
    static func offset(of path: JSONPath, in line: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = line.baseAddress else { return 0 }
        // Safe: the skim reads only below `line.count`, and does not outlive this call.
        let skim = TopLevelMembers.Skim(base: base, count: line.count)
        var start = skim.skipSpace(0)
        for component in path.components {
            let next: Int?
            switch component {
            case .key(let name): next = member(name, ofObjectAt: start, skim)
            case .index(let position): next = element(position, ofArrayAt: start, skim)
            case .id: next = nil
            }
            guard let next else { break }
            start = next
        }
        return start
    }

    /// Where the value of the first member named `name` starts, when an object starts at `start`.
    private static func member(_ name: String, ofObjectAt start: Int, _ skim: TopLevelMembers.Skim) -> Int? {
        let name = Array(name.utf8)
        return entries(of: start, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), skim) { index in
            guard skim.base[index] == UInt8(ascii: "\""), let keyEnd = skim.stringEnd(from: index) else { return nil }
            let key = UnsafeBufferPointer(start: skim.base + index + 1, count: keyEnd - 1 - (index + 1))
            let colon = skim.skipSpace(keyEnd)
            guard colon < skim.count, skim.base[colon] == UInt8(ascii: ":") else { return nil }
            return (value: skim.skipSpace(colon + 1), matches: key.elementsEqual(name))
        }
    }

    /// Where element `position` starts, when an array starts at `start`.
    private static func element(_ position: Int, ofArrayAt start: Int, _ skim: TopLevelMembers.Skim) -> Int? {
        var current = 0
        return entries(of: start, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), skim) { index in
            defer { current += 1 }
            return (value: index, matches: current == position)
        }
    }

    /// Walks the entries of the container at `start` (an object's members or an array's
    /// elements); `entry` receives where each begins and says where its value starts and
    /// whether it is the one sought. Returns that value's start, or `nil` when no entry
    /// matches or the text is not as expected.
    private static func entries(
        of start: Int, opening: UInt8, closing: UInt8, _ skim: TopLevelMembers.Skim,
        _ entry: (Int) -> (value: Int, matches: Bool)?
    ) -> Int? {
        guard start < skim.count, skim.base[start] == opening else { return nil }
        var index = skim.skipSpace(start + 1)
        while index < skim.count, skim.base[index] != closing {
            guard let found = entry(index) else { return nil }
            if found.matches { return found.value }
            guard let end = skim.valueEnd(from: found.value) else { return nil }
            index = skim.skipSpace(end)
            guard index < skim.count, skim.base[index] == UInt8(ascii: ",") else { return nil }
            index = skim.skipSpace(index + 1)
        }
        return nil
    }
}
