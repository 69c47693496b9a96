/// Writes changes as JSON for tools, keeping the people-oriented paths of the text form:
///
///     [{"path":"cart.total","kind":"changed","old":12.50,"new":25.00},
///      {"path":"cart.items[id=43]","kind":"added","new":{"id":43}},
///      {"path":"meta.note","kind":"removed","old":"hi"},
///      {"path":"todos[id=7]","kind":"moved","from":4,"to":0}]
///
/// (shown wrapped; ``format(_:)`` writes one line). `path` is ``JSONPath``'s text, which
/// ``JSONPath/init(parsing:)`` reads back.
public struct DiffJSONFormatter: Sendable {
    /// Creates a formatter.
    public init() {}

    /// Builds the change list as a JSON value.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    /// - Returns: An array with one object per change: `path`, `kind`, then `old` and/or `new`
    ///   for additions, removals and changes, or `from` and `to` indices for moves.
    public func value(_ changes: [JSONChange]) -> JSONValue {
        .array(changes.map(object(for:)))
    }

    /// Builds the change list as compact JSON text.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    /// - Returns: The list on one line.
    public func format(_ changes: [JSONChange]) -> String {
        value(changes).compactText
    }

    /// Builds the object for one change.
    ///
    /// - Parameters:
    ///   - change: The change.
    /// - Returns: An object such as `{"path":"a.b","kind":"changed","old":1,"new":2}`.
    public func object(for change: JSONChange) -> JSONValue {
        var members: [JSONObject.Element] = [
            ("path", .string(change.path.description)), ("kind", .string(change.kind.name)),
        ]
        switch change.kind {
        case .added(let value):
            members.append(("new", value))
        case .removed(let value):
            members.append(("old", value))
        case .changed(let old, let new):
            members += [("old", old), ("new", new)]
        case .moved(let from, let to):
            members += [("from", .number(JSONNumber(String(from)))), ("to", .number(JSONNumber(String(to))))]
        }
        return .object(JSONObject(members))
    }
}
