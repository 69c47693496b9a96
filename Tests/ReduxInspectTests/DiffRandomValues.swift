@testable import ReduxInspect

/// Random pairs of states for the diff's property tests: a random value and an edited copy.
///
/// The edits are the ones reducers make: most of the tree is left alone; scalars change value or
/// type; keys come and go; plain arrays grow, shrink and change in place; arrays of objects with
/// ids get insertions, deletions, reorders and edits, and sometimes lose the property that makes
/// them id arrays (a repeated id, an element without one).
struct RandomStates {
    var generator: SeededGenerator
    /// Fresh ids, so generated id arrays start out unique.
    private var nextID = 1

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A state and an edited copy. The root is usually a container and is always edited, so
    /// few pairs come out equal.
    mutating func pair() -> (old: JSONValue, new: JSONValue) {
        let old: JSONValue
        switch int(0...9) {
        case 0...5: old = object(depth: 4)
        case 6...7: old = idArray(depth: 4)
        default: old = value(depth: 4)
        }
        return (old, edit(old, depth: 4, keepChance: 0))
    }

    /// Keys chosen to exercise pointer escaping and path quoting.
    static let keys = [
        "cart", "items", "total", "name", "a/b", "m~n", "~1", "", "content-type", "0", "id", "ünï", "a b",
        "x",
    ]

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func scalar() -> JSONValue {
        switch int(0...6) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return .number(JSONNumber(String(int(-5...20))))
        case 3: return number(["9.99", "4.50", "1e3", "-0.0", "12.00"][int(0...4)])
        case 4: return .string(["", "tea", "mug", "line\nbreak", "\u{1B}[31m", "é"][int(0...5)])
        default: return .number(JSONNumber(String(int(0...3))))
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        guard depth > 0 else { return scalar() }
        switch int(0...9) {
        case 0...2: return scalar()
        case 3...5: return object(depth: depth)
        case 6...7: return .array((0..<int(0...4)).map { _ in value(depth: depth - 1) })
        default: return idArray(depth: depth)
        }
    }

    mutating func object(depth: Int) -> JSONValue {
        var keys = RandomStates.keys
        keys.shuffle(using: &generator)
        return .object(JSONObject(keys.prefix(int(0...5)).map { ($0, value(depth: depth - 1)) }))
    }

    mutating func idArray(depth: Int) -> JSONValue {
        .array((0..<int(0...8)).map { _ in idElement(depth: depth) })
    }

    mutating func freshID() -> JSONValue {
        nextID += 1
        // Strings and numbers mixed, including a string that reads like a number in use.
        return chance(0.7)
            ? .number(JSONNumber(String(nextID))) : .string(chance(0.5) ? "k\(nextID)" : "\(nextID)")
    }

    mutating func idElement(depth: Int) -> JSONValue {
        var members: [JSONObject.Element] = [
            ("id", freshID()), ("quantity", .number(JSONNumber(String(int(0...3))))),
        ]
        if chance(0.5) { members.append(("name", scalar())) }
        if chance(0.4) { members.append(("details", value(depth: depth - 1))) }
        return .object(JSONObject(members))
    }

    /// An edited copy of `value`; with `keepChance`, equal to it.
    mutating func edit(_ value: JSONValue, depth: Int, keepChance: Double = 0.35) -> JSONValue {
        if chance(keepChance) { return value }
        switch value {
        case .object(let object): return .object(edit(object, depth: depth))
        case .array(let elements):
            if elements.allSatisfy({ $0["id"] != nil }) && !elements.isEmpty {
                return .array(editIDArray(elements, depth: depth))
            }
            return .array(editArray(elements, depth: depth))
        default:
            return chance(0.8) ? scalar() : self.value(depth: min(depth, 2))
        }
    }

    mutating func edit(_ object: JSONObject, depth: Int) -> JSONObject {
        var members = object.members.compactMap { member -> JSONObject.Element? in
            chance(0.15) ? nil : (member.key, edit(member.value, depth: depth - 1))
        }
        for key in RandomStates.keys where object[key] == nil && chance(0.08) {
            members.append((key, self.value(depth: depth - 1)))
        }
        // Member order alone is not a change; shuffling checks that it stays invisible.
        if chance(0.2) { members.shuffle(using: &generator) }
        return JSONObject(members)
    }

    mutating func editArray(_ elements: [JSONValue], depth: Int) -> [JSONValue] {
        var result = elements.map { chance(0.3) ? edit($0, depth: depth - 1) : $0 }
        if chance(0.3) { result.removeLast(int(0...result.count)) }
        if chance(0.3) { result += (0..<int(1...3)).map { _ in self.value(depth: depth - 1) } }
        if chance(0.1), !result.isEmpty { result.insert(scalar(), at: int(0...result.count - 1)) }
        return result
    }

    mutating func editIDArray(_ elements: [JSONValue], depth: Int) -> [JSONValue] {
        var result = elements.filter { _ in !chance(0.2) }
        result = result.map { chance(0.3) ? editKeepingID($0, depth: depth) : $0 }
        for _ in 0..<int(0...3) where chance(0.5) {
            result.insert(idElement(depth: depth), at: int(0...result.count))
        }
        switch int(0...9) {
        case 0: result.shuffle(using: &generator)
        case 1...2 where result.count > 1:
            let moved = result.remove(at: int(0...result.count - 1))
            result.insert(moved, at: int(0...result.count))
        case 3 where result.count > 1:
            result.reverse()
        case 4 where result.count > 1:
            // A repeated id: the array must fall back to positions.
            result.append(result[int(0...result.count - 1)])
        case 5 where !result.isEmpty:
            result[int(0...result.count - 1)] = ["name": "no id"]
        case 6 where !result.isEmpty:
            // An element keeps its place but gets another id: a removal and an addition.
            let position = int(0...result.count - 1)
            result[position] = replacingID(of: result[position])
        default: break
        }
        return result
    }

    mutating func editKeepingID(_ element: JSONValue, depth: Int) -> JSONValue {
        guard case .object(let object) = element, let id = object["id"] else { return element }
        var edited = edit(object, depth: depth - 1)
        edited["id"] = id
        return .object(edited)
    }

    mutating func replacingID(of element: JSONValue) -> JSONValue {
        guard case .object(var object) = element else { return element }
        object["id"] = freshID()
        return .object(object)
    }
}
