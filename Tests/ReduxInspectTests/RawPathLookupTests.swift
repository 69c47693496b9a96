import Foundation
import Testing

@testable import ReduxInspect

/// Finding the value at a path in JSON text (``StateText/value(at:)``) against
/// finding it in the parsed value (``JSONValue/value(at:)``): on seeded states, compact and
/// respelled (white space, escapes), along paths that exist and paths that do not.
@Suite struct RawPathLookupTests {
    @Test(arguments: 0..<4)
    func lookupsMatchTheTree(batch: Int) throws {
        for seed in UInt64(batch * 500)..<UInt64(batch * 500 + 500) {
            var states = RandomStates(seed: seed)
            var generator = SeededGenerator(seed: seed ^ 0xBA7)
            let value = states.pair().new
            let texts = [value.compactText, RawDiffSupport.respelled(value, using: &generator)]
            for _ in 0..<8 {
                let path = Self.randomPath(in: value, using: &generator)
                for text in texts {
                    let found = try Self.lookup(path, in: text)
                    #expect(found == value.value(at: path), "seed \(seed), \(path) in \(text)")
                }
            }
        }
    }

    @Test func keysComparedAsStrings() throws {
        // KELVIN SIGN is canonically equivalent to K; the first of duplicate keys is found.
        let text = #"{"K":1,"\u0041":2,"a":3,"a":4,"items":[{"id":2},{"id":1.0},{"id":1},{"x":1}]}"#
        #expect(try Self.lookup(JSONPath([.key("\u{212A}")]), in: text) == .number(JSONNumber("1")))
        #expect(try Self.lookup(JSONPath([.key("A")]), in: text) == .number(JSONNumber("2")))
        #expect(try Self.lookup(JSONPath([.key("a")]), in: text) == .number(JSONNumber("3")))
        let parsed = try JSONParser.parse(text)
        for id in ["1", "1.0", "2", "3"] {
            let path = JSONPath([.key("items"), .id(.number(JSONNumber(id)))])
            #expect(try Self.lookup(path, in: text) == parsed.value(at: path), "id \(id)")
        }
        #expect(try Self.lookup(JSONPath([.key("items"), .index(-1)]), in: text) == nil)
        #expect(try Self.lookup(JSONPath([.key("items"), .index(4)]), in: text) == nil)
        #expect(try Self.lookup(JSONPath([.key("a"), .key("b")]), in: text) == nil)
    }

    /// The value at `path` in `text`, parsed, or `nil` when there is none; the text must be
    /// one the lookup can read.
    static func lookup(_ path: JSONPath, in text: String) throws -> JSONValue? {
        try #require(StateText(Array(text.utf8)).value(at: path), "the text cannot say: \(text)")
    }

    /// A path into `value`: mostly along members and elements that are there, sometimes off
    /// them (a key that is not there, an index past the end, an id no element has, a step
    /// into a scalar).
    static func randomPath(in value: JSONValue, using generator: inout SeededGenerator) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current: JSONValue? = value
        while let here = current, Int.random(in: 0..<5, using: &generator) > 0 {
            let astray = Int.random(in: 0..<8, using: &generator) == 0
            switch here {
            case .object(let object) where !object.isEmpty && !astray:
                let key = object[Int.random(in: 0..<object.count, using: &generator)].key
                components.append(.key(key))
            case .array(let elements) where !elements.isEmpty && !astray:
                let index = Int.random(in: 0..<elements.count, using: &generator)
                if let id = elements[index]["id"], Bool.random(using: &generator) {
                    components.append(.id(id))
                } else {
                    components.append(.index(index))
                }
            case .array:
                components.append(Bool.random(using: &generator) ? .index(1_000) : .id(.string("no such id")))
            default:
                components.append(.key("no such key"))
            }
            current = value.value(at: JSONPath(components))
        }
        return JSONPath(components)
    }
}

/// The parts of a state that some paths reach (``StateText/skeleton(for:)``) against the whole
/// parsed state: each path finds the same there, and so does a predicate over those paths.
@Suite struct RawSkeletonTests {
    @Test(arguments: 0..<4)
    func pathsAndPredicatesReadTheSameAsInTheWholeState(batch: Int) throws {
        for seed in UInt64(batch * 500)..<UInt64(batch * 500 + 500) {
            var states = RandomStates(seed: seed)
            var generator = SeededGenerator(seed: seed ^ 0x5CE1)
            let value = states.pair().new
            let paths = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                RawPathLookupTests.randomPath(in: value, using: &generator)
            }
            for text in [value.compactText, RawDiffSupport.respelled(value, using: &generator)] {
                let whole = try #require(
                    StateText(Array(text.utf8)).skeleton(for: paths.map { .init($0, need: .whole) }), "seed \(seed)")
                for path in paths {
                    #expect(whole.value(at: path) == value.value(at: path), "seed \(seed), \(path) in \(text)")
                }
                let first = paths[0]
                let last = paths[paths.count - 1]
                let predicates: [ReduxInspect.Predicate] = [
                    .exists(first),
                    .comparison(.count(first, member: true), .greaterOrEqual, .literal(.number(JSONNumber("1")))),
                    .comparison(.count(last, member: false), .less, .literal(.number(JSONNumber("3")))),
                    .comparison(.path(first), .equal, .path(last)),
                    .or(.not(.exists(last)), .comparison(.path(last), .notEqual, .literal(.null))),
                ]
                for predicate in predicates {
                    let skeleton = try #require(StateText(Array(text.utf8)).skeleton(for: predicate.skeletonPaths))
                    #expect(
                        predicate.holds(in: skeleton) == predicate.holds(in: value),
                        "seed \(seed), \(predicate) in \(text)")
                }
            }
        }
    }

    /// Sizes and presence without the values: an object's own `count` member, duplicate keys,
    /// a string's characters, `null` as a value that is there.
    @Test func sizesAndPresence() throws {
        let text = #"{"o":{"count":7,"a":1,"a":2,"b":{"deep":[1,2]}},"s":"h\u00e9llo","n":null,"l":[[1],[2,3]]}"#
        let value = try JSONParser.parse(text)
        for source in [
            "o.count == 7", "count(o) == 4", "count(o) == 3", "s.count == 5", "count(s) == 5", "exists(n)",
            "exists(m)", "count(n) == 0", "l.count == 2 && count(l[1]) == 2", "exists(o.b.deep) && o.count > 6",
            "count(o.b) == 1 && o.b.deep == [1,2]", "!exists(o.a.x) || l[0] == [1]",
        ] {
            let predicate = try ReduxInspect.Predicate(parsing: source)
            let skeleton = try #require(StateText(Array(text.utf8)).skeleton(for: predicate.skeletonPaths))
            #expect(predicate.holds(in: skeleton) == predicate.holds(in: value), "\(source) in \(skeleton.compactText)")
        }
    }

    /// Paths of keys alone, read member by member and nested as the skeleton holds them:
    /// several under one object, one missing, and texts the member walk leaves to the general
    /// skeleton (a top level that is no object, a key through a scalar or an array).
    @Test func pathsOfKeysAlone() throws {
        let texts = [
            #"{"cart":{"items":[{"id":1}],"total":9.5},"user":{"name":"ada","tags":["x"]},"n":null}"#,
            #"[{"cart":{"total":1}}]"#, #"{"cart":[{"total":1}],"user":"ada"}"#, #"{"cart":{"total":1},"cart":{"total":2}}"#,
        ]
        let paths = ["cart.total", "user.name", "cart.items", "user.missing", "n", "cart.total.deeper", "user.name.x"]
        for text in texts {
            let value = try JSONParser.parse(text)
            for count in 1...paths.count {
                let chosen = try paths.prefix(count).map { try JSONPath(parsing: $0) }
                let skeleton = try #require(
                    StateText(Array(text.utf8)).skeleton(for: chosen.map { .init($0, need: .whole) }), "\(text)")
                for path in chosen {
                    #expect(skeleton.value(at: path) == value.value(at: path), "\(path) of \(chosen) in \(text)")
                    #expect(try RawPathLookupTests.lookup(path, in: text) == value.value(at: path), "\(path) in \(text)")
                }
            }
        }
    }

    /// Two paths into one array, one by index and one by id, reaching the same element and
    /// others: the id still finds its element, the index its own.
    @Test func indexAndIDIntoOneArray() throws {
        let text = #"{"items":[{"id":7,"n":"a"},{"id":5,"n":"b","m":1},{"id":5,"n":"c"}],"x":1}"#
        let value = try JSONParser.parse(text)
        let paths = [
            try JSONPath(parsing: "items[1].n"), try JSONPath(parsing: "items[id=5].m"),
            try JSONPath(parsing: "items[2]"), try JSONPath(parsing: "items[id=9]"),
        ]
        let skeleton = try #require(StateText(Array(text.utf8)).skeleton(for: paths.map { .init($0, need: .whole) }))
        for path in paths { #expect(skeleton.value(at: path) == value.value(at: path), "\(path)") }
        #expect(skeleton.value(at: try JSONPath(parsing: "items"))?.arrayValue?.count == 3)
        #expect(skeleton.value(at: try JSONPath(parsing: "x")) == nil)
    }
}
