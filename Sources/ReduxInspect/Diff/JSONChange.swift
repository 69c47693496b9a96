/// One difference between two JSON values, as ``JSONDiff`` finds it.
///
/// A change has two addresses. ``path`` is for people and for matching across states: it
/// selects elements of id-matched arrays by id (`cart.items[id=42]`), so the same item has the
/// same path before and after the array around it changes. ``pointer`` is for JSON Patch: it is
/// positional and valid at the moment this change is applied, when the changes before it in the
/// same list have been applied in order to the old value.
public struct JSONChange: Sendable, Hashable {
    /// What happened at the path.
    public enum Kind: Sendable, Hashable {
        /// The path did not exist before and now holds this value.
        case added(JSONValue)
        /// The path held this value and no longer exists.
        case removed(JSONValue)
        /// The path holds a different value: a different scalar, or a different type.
        case changed(old: JSONValue, new: JSONValue)
        /// An element of an id-matched array kept its id but changed position relative to the
        /// others: `from` is its index in the old array, `to` its index in the new one, never
        /// the same (an element at the same index before and after is not moved, see
        /// ``MovePlan``). Changes inside it are listed separately under the same path.
        case moved(from: Int, to: Int)

        /// The kind's name as shown in JSON output: `added`, `removed`, `changed` or `moved`.
        public var name: String {
            switch self {
            case .added: "added"
            case .removed: "removed"
            case .changed: "changed"
            case .moved: "moved"
            }
        }
    }

    /// Where the change is, selecting id-matched elements by id.
    public var path: JSONPath

    /// What happened there.
    public var kind: Kind

    /// Where a JSON Patch operation for this change applies, with positions valid once the
    /// changes before it in its list have been applied; for a move, the destination.
    public var pointer: JSONPointer

    /// For a move, the position the element is taken from, valid at the same moment as
    /// ``pointer``; `nil` for other kinds.
    public var fromPointer: JSONPointer?

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - path: Where the change is, for people.
    ///   - kind: What happened there.
    ///   - pointer: Where a patch operation applies it, given the changes before it.
    ///   - fromPointer: For a move, where the element is taken from.
    public init(path: JSONPath, kind: Kind, pointer: JSONPointer, fromPointer: JSONPointer? = nil) {
        self.path = path
        self.kind = kind
        self.pointer = pointer
        self.fromPointer = fromPointer
    }

    /// The value before the change, for removals and changes.
    public var oldValue: JSONValue? {
        switch kind {
        case .removed(let value), .changed(let value, _): value
        case .added, .moved: nil
        }
    }

    /// The value after the change, for additions and changes.
    public var newValue: JSONValue? {
        switch kind {
        case .added(let value), .changed(_, let value): value
        case .removed, .moved: nil
        }
    }
}
