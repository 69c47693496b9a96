/// A path of the state as a predicate reads it, for the commands that follow one value from
/// step to step (`blame`, `step`'s `watch`): `cart.items.count` is the array's size (or the
/// object's own `count` member), as in `bisect` and `show --path`; `cart.items["count"]` is a
/// member named `count`.
struct PathReading: Hashable, Sendable, CustomStringConvertible {
    /// The path as parsed.
    let path: JSONPath
    /// What it stands for.
    let operand: Predicate.Operand

    /// The path parsed from `text`, read as `text` writes it.
    init(_ path: JSONPath, writtenAs text: String) {
        self.path = path
        operand = .reading(path, writtenAs: text)
    }

    /// The path as lines name it: `cart.items.count` for a size, `cart.items["count"]` for a
    /// member named `count`.
    var description: String {
        guard case .count(let parent, _) = operand else { return path.description }
        return parent.description + "." + JSONPath.sizeName
    }

    /// What of a state's text must be read for ``value(in:)``: the value, or the size.
    var skeletonPath: RawJSON.SkeletonPath {
        switch operand {
        case .count(let parent, _): RawJSON.SkeletonPath(parent, need: .size)
        default: RawJSON.SkeletonPath(path, need: .whole)
        }
    }

    /// The value in `state`, or `nil` when it has none.
    func value(in state: JSONValue) -> JSONValue? {
        operand.value(in: state)
    }

    /// The value in a state's text, read from the skeleton of what it needs, as
    /// ``StateText/value(at:)`` reads a plain path: `.some(nil)` when there is none, and
    /// `nil` when the text cannot say, for the caller to parse the whole text instead.
    func value(in text: StateText) -> JSONValue?? {
        if case .path(let path) = operand { return text.value(at: path) }
        return text.skeleton(for: [skeletonPath]).map { value(in: $0) }
    }
}
