/// Writes changes as an RFC 6902 JSON Patch.
///
/// Each change becomes one operation at its ``JSONChange/pointer``: `add`, `remove`, `replace`
/// or `move`. Applied in order to the old value by any RFC 6902 implementation, the patch for
/// ``JSONDiff/changes(from:to:)`` gives a value equal to the new one (object members may come
/// out in another order). That holds for the whole list only: pointers into arrays assume every
/// earlier change was applied, so a filtered list is not a valid patch — diff the filtered
/// subtrees instead.
///
/// ```swift
/// let patch = JSONPatchFormatter().patch(JSONDiff.changes(from: old, to: new))
/// print(patch.compactText)   // [{"op":"replace","path":"/cart/total","value":25.00}]
/// ```
public struct JSONPatchFormatter: Sendable {
    /// Creates a formatter.
    public init() {}

    /// Builds the patch as a JSON value.
    ///
    /// - Parameters:
    ///   - changes: A complete, unreordered list from ``JSONDiff/changes(from:to:)``.
    /// - Returns: An array of operation objects, members ordered `op`, `from`, `path`, `value`.
    public func patch(_ changes: [JSONChange]) -> JSONValue {
        .array(changes.map(operation(for:)))
    }

    /// Builds the patch as compact JSON text.
    ///
    /// - Parameters:
    ///   - changes: A complete, unreordered list from ``JSONDiff/changes(from:to:)``.
    /// - Returns: The patch on one line.
    public func format(_ changes: [JSONChange]) -> String {
        patch(changes).compactText
    }

    /// Builds the one operation for a change.
    ///
    /// - Parameters:
    ///   - change: The change.
    /// - Returns: An operation object such as `{"op":"add","path":"/items/0","value":1}`.
    public func operation(for change: JSONChange) -> JSONValue {
        let path = JSONValue.string(change.pointer.description)
        switch change.kind {
        case .added(let value):
            return ["op": "add", "path": path, "value": value]
        case .removed:
            return ["op": "remove", "path": path]
        case .changed(_, let new):
            return ["op": "replace", "path": path, "value": new]
        case .moved:
            let from = JSONValue.string((change.fromPointer ?? change.pointer).description)
            return ["op": "move", "from": from, "path": path]
        }
    }
}
