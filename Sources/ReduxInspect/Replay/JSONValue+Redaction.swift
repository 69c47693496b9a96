extension JSONValue {
    /// Whether the recorder's placeholder is anywhere in this value, however its text wrote
    /// it (`"\u003credacted>"` too): where none is, filling redactions leaves it as it is.
    var holdsRedactionPlaceholder: Bool {
        switch self {
        case .string: isRedactionPlaceholder
        case .array(let elements): elements.contains { $0.holdsRedactionPlaceholder }
        case .object(let object): object.members.contains { $0.value.holdsRedactionPlaceholder }
        default: false
        }
    }

    /// This recorded value with every `"<redacted>"` placeholder replaced by what `replayed`
    /// holds at the same place; `nil` when no placeholder has a counterpart to take.
    ///
    /// The recorder keeps a redacted value's shape and writes the placeholder in its strings
    /// and numbers, where the replayed value holds whatever the replay made. Filling the
    /// placeholders in before the two are diffed makes them match, and keeps the diff's view of
    /// the rest intact: an array matched by `id` still finds the ids the replay made, where
    /// recorded ids that are all placeholders would make every element a removal and an
    /// insertion. A placeholder for a whole object (as recorders wrote before they kept the
    /// shape) takes the whole replayed object.
    func fillingRedactions(from replayed: JSONValue) -> JSONValue? {
        switch (self, replayed) {
        case (.string, _):
            return isRedactionPlaceholder && self != replayed ? replayed : nil
        case (.array(var elements), .array(let others)):
            var filledAny = false
            for index in elements.indices where index < others.count {
                guard let filled = elements[index].fillingRedactions(from: others[index]) else { continue }
                elements[index] = filled
                filledAny = true
            }
            return filledAny ? .array(elements) : nil
        case (.object(let object), .object(let other)):
            var members = object.members
            var filledAny = false
            var counterparts = Counterparts(other)
            for index in members.indices {
                guard let counterpart = counterparts.value(of: members[index].key, at: index),
                    let filled = members[index].value.fillingRedactions(from: counterpart)
                else { continue }
                members[index].value = filled
                filledAny = true
            }
            return filledAny ? .object(JSONObject(members)) : nil
        default:
            return nil
        }
    }
}

extension JSONValue {
    /// The places where this recorded value holds the recorder's placeholder and `read`, the
    /// same value as the app's decoder read it and encoded it again, holds something else,
    /// with what it holds there: the stand-ins the decoder put there (`0`, `false`, an empty
    /// `Data`, the all-zero `UUID`). An element of an array is named by its `id`, as a diff
    /// names it, where the array's elements all have ids of their own and its own is not the
    /// placeholder; else by its position, so that a redacted id is one place, not an element
    /// removed and another inserted.
    func standIns(read: JSONValue, at path: JSONPath = .root) -> [StandIn] {
        switch (self, read) {
        case (.string, _):
            return isRedactionPlaceholder && self != read ? [StandIn(path: path, value: read)] : []
        case (.array(let elements), .array(let others)):
            let byID = IDMatching(old: elements, new: elements) != nil
            return elements.indices.prefix(others.count).flatMap { index -> [StandIn] in
                var component = JSONPath.Component.index(index)
                if byID, case .object(let object) = elements[index], let id = object["id"], !id.isRedactionPlaceholder {
                    component = .id(id)
                }
                return elements[index].standIns(read: others[index], at: path.appending(component))
            }
        case (.object(let object), .object(let other)):
            var counterparts = Counterparts(other)
            return object.members.indices.flatMap { index -> [StandIn] in
                let member = object.members[index]
                guard let counterpart = counterparts.value(of: member.key, at: index) else { return [] }
                return member.value.standIns(read: counterpart, at: path.appending(.key(member.key)))
            }
        default:
            return []
        }
    }
}

extension JSONValue {
    /// This replayed value with the recorder's placeholder put back wherever `recorded` holds
    /// it at the same place: what `verify --update` writes, so that a golden state keeps
    /// hidden what the recorder hid rather than the stand-ins the replay decoded (0, `false`).
    func keepingRedactions(of recorded: JSONValue) -> JSONValue {
        switch (self, recorded) {
        case (_, .string) where recorded.isRedactionPlaceholder:
            // Booleans and null are kept by the recorder, and so here.
            switch self {
            case .bool, .null: return self
            default: return recorded
            }
        case (.array(var elements), .array(let others)):
            for index in elements.indices where index < others.count {
                elements[index] = elements[index].keepingRedactions(of: others[index])
            }
            return .array(elements)
        case (.object(let object), .object(let other)):
            var members = object.members
            var counterparts = Counterparts(other)
            for index in members.indices {
                if let counterpart = counterparts.value(of: members[index].key, at: index) {
                    members[index].value = members[index].value.keepingRedactions(of: counterpart)
                }
            }
            return .object(JSONObject(members))
        default:
            return self
        }
    }
}

/// The values of another object's members, for the members of one object in turn: members
/// are usually in the same order on both sides, so the same place is looked at first, and a
/// table of the other's keys, made once when the orders part, answers the rest (a lookup by
/// key for each would make a wide object with a member removed quadratic).
private struct Counterparts {
    let other: JSONObject
    var table: [String: JSONValue]?

    init(_ other: JSONObject) {
        self.other = other
    }

    /// The value of `key` in the other object, for the member at `index` of this one: the
    /// other's member at the same place when it has that key, else its first of that name.
    mutating func value(of key: String, at index: Int) -> JSONValue? {
        if index < other.count, other[index].key == key { return other[index].value }
        if table == nil {
            table = Dictionary(other.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        return table?[key]
    }
}
