import Foundation
import Testing

@testable import Redux

/// An encoding that keeps only some paths (``KeptPaths``) writes the values at those paths
/// exactly as the whole encoding does, and leaves members off them out.
@Suite struct KeptPathsTests {
    /// The value at `path` in JSON text, read with Foundation's parser: `nil` when absent.
    static func value(at path: [String], in text: [UInt8]) throws -> NSObject? {
        var value = try JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed) as? NSObject
        for key in path {
            value = (value as? NSDictionary)?[key] as? NSObject
        }
        return value
    }

    /// Every path of member names in the text, to `depth` members deep.
    static func keyPaths(in text: [UInt8], depth: Int) throws -> [[String]] {
        var paths: [[String]] = []
        func walk(_ value: Any?, _ path: [String]) {
            guard path.count < depth, let object = value as? [String: Any] else { return }
            for (key, member) in object {
                paths.append(path + [key])
                walk(member, path + [key])
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed), [])
        return paths.sorted { $0.joined(separator: ".") < $1.joined(separator: ".") }
    }

    /// Encodes `value` keeping each path alone, and pairs of them, with one session between
    /// whole encodings: the values at the paths are the whole text's, and the whole text
    /// stays what a fresh encoder writes.
    static func expectKeptValuesMatch(
        _ value: some Encodable, extraPaths: [[String]] = [["missing"], ["user", "missing", "deeper"]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for keys in EncoderDifferentialTests.redactions {
            let encoder = RecordingEncoder(redactedKeys: keys)
            guard let whole = try? encoder.encode(value) else { continue }
            let session = encoder.makeSession()
            let paths = try keyPaths(in: whole, depth: 3) + extraPaths
            var sets = paths.map { [$0] }
            for (first, second) in zip(paths, paths.dropFirst(3)) { sets.append([first, second]) }
            for set in sets {
                let kept = try session.encodeMeasuringDepth(value, keeping: KeptPaths(set)).text
                for path in set {
                    #expect(
                        try Self.value(at: path, in: kept) == Self.value(at: path, in: whole),
                        "\(path) keeping \(set), keys \(keys): \(String(decoding: kept, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                }
                #expect(kept.count <= whole.count, sourceLocation: sourceLocation)
                #expect(try session.encodeMeasuringDepth(value).text == whole, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func membersOffThePathAreLeftOut() throws {
        let session = RecordingEncoder().makeSession()
        let text = try session.encodeMeasuringDepth(ShopLike.sample, keeping: KeptPaths([["items"]])).text
        // Members written as strings, numbers and Booleans stay; `user`, the collections and
        // `total`, a `Decimal`, are values of their own off the path, and go.
        #expect(
            String(decoding: text, as: UTF8.self)
                == #"{"isLoading":true,"error":"bad\nthing","items":[{"id":1,"name":"Green tea","price":4.5,"quantity":2},"#
                + #"{"id":2,"name":"Espresso","price":12.99,"quantity":1}]}"#)
        let user = try session.encodeMeasuringDepth(ShopLike.sample, keeping: KeptPaths([["user", "username"]])).text
        #expect(
            String(decoding: user, as: UTF8.self)
                == #"{"user":{"username":"ann","token":"secret"},"isLoading":true,"error":"bad\nthing"}"#)
    }

    @Test func anEmptyPathKeepsEverything() throws {
        let session = RecordingEncoder().makeSession()
        let whole = try RecordingEncoder().encode(ShopLike.sample)
        #expect(try session.encodeMeasuringDepth(ShopLike.sample, keeping: KeptPaths([[], ["user"]])).text == whole)
        #expect(try session.encodeMeasuringDepth(ShopLike.sample, keeping: KeptPaths([["user"], []])).text == whole)
    }

    @Test func aPathThatEndsWhereAnotherGoesOnKeepsItsValueWhole() throws {
        let session = RecordingEncoder().makeSession()
        for paths in [[["user", "username"], ["user"]], [["user"], ["user", "username"]]] {
            let text = try session.encodeMeasuringDepth(ShopLike.sample, keeping: KeptPaths(paths)).text
            #expect(try Self.value(at: ["user", "token"], in: text) as? String == "secret")
        }
    }

    @Test func keptValuesMatchTheWholeEncoding() throws {
        try Self.expectKeptValuesMatch(ShopLike.sample)
        try Self.expectKeptValuesMatch(ShopLike())
        try Self.expectKeptValuesMatch(LikeAction.set(ShopLike.sample))
        try Self.expectKeptValuesMatch(Wrapper(value: ShopLike.sample), extraPaths: [["value", "items"]])
        try Self.expectKeptValuesMatch(Node.chain(6))
        try Self.expectKeptValuesMatch(OddKeys(names: ["a", "\u{212A}ey", "é", "e\u{301}", "token", "a"]))
        for mode in 0..<12 { try Self.expectKeptValuesMatch(Custom(mode: mode, number: 1.5)) }
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<40 { try Self.expectKeptValuesMatch(RandomValue.make(&generator, depth: 1)) }
    }
}
