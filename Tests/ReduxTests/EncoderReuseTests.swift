import Foundation
import Testing

@testable import Redux

/// The streaming encoder keeps keyed containers (``KeyedContainerCache``) and key names
/// (``KeyNameCache``) from one value to the next, as the recorder's writer thread does with
/// its one encoder: what it writes must not depend on what it wrote before.
@Suite struct EncoderReuseTests {
    /// Encodes every value with one encoder, in turn, and compares each with the tree encoder.
    static func expectSameWithOneEncoder(
        _ values: [any Encodable], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for keys in EncoderDifferentialTests.redactions {
            let encoder = StreamingEncoder(writer: JSONLineWriter(redactedKeys: keys))
            for round in 0..<3 {
                for value in values {
                    encoder.reset()
                    let expected = Result { try EncoderDifferentialTests.reference(value, keys) }
                    let actual = Result { try encoder.encodeTopLevel(value) }.map {
                        Array(encoder.bytes.bytes)
                    }
                    switch (expected, actual) {
                    case (.success(let a), .success(let b)):
                        #expect(
                            String(decoding: b, as: UTF8.self) == String(decoding: a, as: UTF8.self),
                            "round \(round), keys \(keys)", sourceLocation: sourceLocation)
                    case (.failure, .failure):
                        break
                    default:
                        Issue.record(
                            "one encoder failed, the other did not: \(expected) \(actual)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    @Test func valuesInTurnWithOneEncoder() {
        var values: [any Encodable] = [
            ShopLike.sample, ShopLike(), [ShopLike.sample, ShopLike.sample],
            LikeAction.login(username: "ann", password: "pw"),
            LikeAction.set(ShopLike.sample), Wrapper(value: Double.nan), LikeAction.logout,
        ]
        values += (0..<12).map { Custom(mode: $0, number: 1.5) }
        values += (0..<12).map { Custom(mode: $0, number: .infinity) }
        var generator = SeededGenerator(seed: 11)
        values += (0..<20).map { _ in RandomValue.make(&generator, depth: 4) }
        Self.expectSameWithOneEncoder(values)
        Self.expectSameWithOneEncoder(values.reversed())
    }

    @Test func recursionDeeperThanTheContainersKeptPerKeyType() {
        Self.expectSameWithOneEncoder([Node.chain(3), Node.chain(30), Node.chain(1), Node.chain(12)])
    }

    @Test func keyNamesMadeAnewEscapedOrNotASCII() {
        Self.expectSameWithOneEncoder([
            OddKeys(names: ["a", "\u{212A}ey", "tab\there", "quote\"d", "é", "TOKEN"]),
            OddKeys(names: [
                "made " + String(repeating: "anew", count: 8), "name",
                "made " + String(repeating: "anew", count: 8),
            ]),
            OddKeys(names: (0..<300).map { "key number \($0) of many" }),
            OddKeys(names: ["password", "Password", "a"]),
            // Longer than the names the cache keeps, twice, and repeated within one object.
            OddKeys(names: [String(repeating: "long", count: 80), "b", String(repeating: "long", count: 80)]),
            OddKeys(names: [String(repeating: "long", count: 80) + "token", "password"]),
        ])
    }

    /// A session (``RecordingEncoderSession``) keeps one encoder for every value it is given:
    /// each value comes out as ``RecordingEncoder`` writes it afresh, also after a value that
    /// failed half way, and `encodes(_:as:)` tells exactly those bytes apart.
    @Test func aSessionEncodesEachValueAsTheEncoderDoes() throws {
        let values: [any Encodable] = [
            ShopLike.sample, Wrapper(value: Double.nan), ShopLike(), LikeAction.login(username: "ann", password: "pw"),
            Custom(mode: 3, number: .infinity), Node.chain(12), ShopLike.sample,
        ]
        for keys in EncoderDifferentialTests.redactions {
            let encoder = RecordingEncoder(redactedKeys: keys)
            let session = encoder.makeSession()
            for value in values + values {
                let expected = try? encoder.encodeMeasuringDepth(value)
                let actual = try? session.encodeMeasuringDepth(value)
                #expect(actual?.text == expected?.text && actual?.depth == expected?.depth, "\(value), keys \(keys)")
                func encodes(as text: [UInt8]) -> Bool {
                    text.withUnsafeBufferPointer { session.encodes(value, as: $0) }
                }
                guard let text = expected?.text else {
                    #expect(!encodes(as: []))
                    continue
                }
                #expect(encodes(as: text))
                #expect(!encodes(as: text.dropLast()))
                #expect(!encodes(as: text.dropLast() + [UInt8(ascii: " ")]))
            }
        }
    }

    @Test func containerKeptPastItsValue() throws {
        let keeper = Keeper()
        let encoder = StreamingEncoder(writer: JSONLineWriter(redactedKeys: ["token"]))
        try encoder.encodeTopLevel(KeepsContainer(keeper: keeper))
        #expect(String(decoding: encoder.bytes.bytes, as: UTF8.self) == #"{"a":1}"#)
        // The kept container is stale: later values are not written to through it.
        for value in [ShopLike.sample, ShopLike()] {
            encoder.reset()
            try keeper.container?.encode(2, forKey: .a)
            try encoder.encodeTopLevel(value)
            let expected = try EncoderDifferentialTests.reference(value, ["token"])
            #expect(Array(encoder.bytes.bytes) == expected)
        }
    }

    @Test func encoderIsFreedWithItsCaches() throws {
        weak var freed: StreamingEncoder?
        let keeper = Keeper()
        do {
            let encoder = StreamingEncoder(writer: JSONLineWriter())
            freed = encoder
            try encoder.encodeTopLevel([ShopLike.sample, ShopLike()])
            try encoder.encodeTopLevel(KeepsContainer(keeper: keeper))
        }
        // A kept container keeps its encoder alive, and only it.
        #expect(freed != nil)
        try keeper.container?.encode(3, forKey: .a)
        keeper.container = nil
        #expect(freed == nil)
    }

    /// A container asked for between values, through a container or an encoder a value kept,
    /// keeps the encoder alive too: a cached one would not, and would outlive it.
    @Test func aContainerAskedForBetweenValuesKeepsItsEncoder() throws {
        weak var freed: StreamingEncoder?
        let keeper = Keeper()
        var nested: KeyedEncodingContainer<OtherKeys>?
        var fromEncoder: KeyedEncodingContainer<OtherKeys>?
        do {
            let encoder = StreamingEncoder(writer: JSONLineWriter())
            freed = encoder
            try encoder.encodeTopLevel(ShopLike.sample)
            try encoder.encodeTopLevel(KeepsContainer(keeper: keeper))
            nested = keeper.container?.nestedContainer(keyedBy: OtherKeys.self, forKey: .a)
            var kept = keeper.container
            fromEncoder = kept?.superEncoder().container(keyedBy: OtherKeys.self)
            kept = nil
            keeper.container = nil
        }
        #expect(freed != nil)
        // Stale: written nowhere, and no harm done.
        try nested?.encode(5, forKey: .x)
        try fromEncoder?.encode(6, forKey: .x)
        nested = nil
        #expect(freed != nil)
        fromEncoder = nil
        #expect(freed == nil)
    }
}

/// A linked list: containers of one key type nested as deep as the list is long.
struct Node: Encodable {
    var value: Int
    var next: [Node]

    static func chain(_ length: Int) -> Node {
        var node = Node(value: length, next: [])
        for value in (0..<length - 1).reversed() { node = Node(value: value, next: [node]) }
        return node
    }
}

/// Members under key names built at run time, each `stringValue` a new `String`.
struct OddKeys: Encodable {
    var names: [String]

    struct Key: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (index, name) in names.enumerated() {
            // A copy through `String(decoding:)`: new storage every time for long names.
            try container.encode(
                index, forKey: Key(stringValue: String(decoding: Array(name.utf8), as: UTF8.self)))
        }
    }
}

/// Holds a container a value kept after its `encode(to:)` returned.
enum OtherKeys: CodingKey { case x }

final class Keeper {
    var container: KeyedEncodingContainer<KeepsContainer.Keys>?
}

/// Keeps its keyed container, which no synthesized conformance does.
struct KeepsContainer: Encodable {
    let keeper: Keeper
    enum Keys: CodingKey { case a }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        keeper.container = container
    }
}
