import Redux

/// The structural difference between two JSON values, as a list of changes.
///
/// - Objects are compared key by key: the new object's keys in its order, then the keys it
///   lost. A member whose value changed type is one `changed` with both whole values.
/// - Arrays whose elements, on both sides, are all objects with an `id` member holding a scalar
///   that is unique within the array, are matched by id: an inserted element is one `added`, a
///   removed one one `removed`, an element whose position changed relative to the others one
///   `moved` (few such, and never one at the same index on both sides), and each kept
///   element is compared recursively under `[id=…]`.
/// - Other arrays are compared by position: elements past the end of the shorter array are
///   added or removed; when the lengths differ, unchanged elements at both ends are set aside
///   first (``PositionalAlignment``), so an element inserted at the front is one `added`.
/// - Numbers are compared by their text, as `JSONValue` does: `1` → `1.0` is a change, and ids
///   `1` and `1.0` are different ids.
///
/// Equal subtrees produce nothing and are skipped as soon as they compare equal.
///
/// The order of the list is part of its meaning: applying each change's ``JSONChange/pointer``
/// in order turns the old value into the new one (that is what ``JSONPatchFormatter`` relies
/// on). Within one id-matched array that order is removals (in old order), then moves, then the
/// new array in order: additions and the changes inside kept elements.
///
/// ```swift
/// let changes = JSONDiff.changes(from: before, to: after)
/// print(DiffTextFormatter().format(changes))
/// // ~ cart.items[id=42].quantity: 1 → 3
/// ```
public enum JSONDiff {
    /// Lists what changed from `old` to `new`.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: The changes, in an order in which they can be applied; empty when the values
    ///   are equal.
    public static func changes(from old: JSONValue, to new: JSONValue) -> [JSONChange] {
        var walker = DiffWalker()
        walker.diff(old, new)
        return walker.changes
    }
}

/// Walks two trees together, keeping the current path in both forms on stacks so that a change
/// copies its address once, when it is recorded.
struct DiffWalker {
    /// The changes found so far, in apply order.
    var changes: [JSONChange] = []
    /// The path to the current place.
    var path: [JSONPath.Component]
    /// The pointer tokens to the current place, valid when its change is applied.
    var pointer: [String]

    /// Starts a walk at a place inside a larger value: `path` and `pointer` address it there.
    init(path: [JSONPath.Component] = [], pointer: [String] = []) {
        self.path = path
        self.pointer = pointer
    }

    mutating func diff(_ old: JSONValue, _ new: JSONValue) {
        // The cheap early exit that keeps unchanged parts of a large state nearly free.
        guard old != new else { return }
        switch (old, new) {
        case (.object(let oldObject), .object(let newObject)):
            diffObjects(oldObject, newObject)
        case (.array(let oldElements), .array(let newElements)):
            if let matching = IDMatching(old: oldElements, new: newElements) {
                diffByID(oldElements, newElements, matching)
            } else {
                diffByPosition(oldElements, newElements)
            }
        default:
            record(.changed(old: old, new: new))
        }
    }

    /// Keys of `new` in its order, then keys only `old` has. With duplicate keys the first
    /// member wins, as in `JSONObject`'s lookups.
    ///
    /// Keys match as Swift compares strings, so a key written in another Unicode normal form
    /// is the same member. Its path and JSON Pointer keep the old spelling: a patch's paths
    /// name members of the document it is applied to, byte for byte (RFC 6901).
    private mutating func diffObjects(_ old: JSONObject, _ new: JSONObject) {
        var oldMembers: [String: JSONObject.Element] = [:]
        oldMembers.reserveCapacity(old.count)
        for member in old.members where oldMembers[member.key] == nil {
            oldMembers[member.key] = member
        }
        var seen: Set<String> = []
        seen.reserveCapacity(new.count)
        for member in new.members where seen.insert(member.key).inserted {
            if let oldMember = oldMembers[member.key] {
                enter(.key(oldMember.key), oldMember.key)
                diff(oldMember.value, member.value)
            } else {
                enter(.key(member.key), member.key)
                record(.added(member.value))
            }
            leave()
        }
        for member in old.members where seen.insert(member.key).inserted {
            enter(.key(member.key), member.key)
            record(.removed(member.value))
            leave()
        }
    }

    /// Elements at the same index are compared, after ``PositionalAlignment`` has set aside
    /// the equal ones at both ends of arrays of different lengths; the longer middle's extra
    /// elements are added or removed where the shorter one's end. Equal is `==`, which tells
    /// in one pass what a diff would find nothing in (but for a key written twice): a diff
    /// here would be done again below, at every level of arrays nested in arrays.
    private mutating func diffByPosition(_ old: [JSONValue], _ new: [JSONValue]) {
        let (prefix, suffix) = PositionalAlignment.trimmed(oldCount: old.count, newCount: new.count) { o, n in
            old[o] == new[n]
        }
        let oldEnd = old.count - suffix
        let newEnd = new.count - suffix
        let common = min(oldEnd, newEnd)
        for index in prefix..<common {
            enter(.index(index), String(index))
            diff(old[index], new[index])
            leave()
        }
        for index in common..<newEnd {
            enter(.index(index), String(index))
            record(.added(new[index]))
            leave()
        }
        // Listed in old order for people; each removal shifts the next one down to `common`.
        for index in common..<oldEnd {
            enter(.index(index), String(common))
            record(.removed(old[index]))
            leave()
        }
    }

}
