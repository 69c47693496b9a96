import Testing

@testable import ReduxInspect

/// The indexer's skim over a line finds the same members as the full parser, whatever the
/// strings hold: escaped quotes, runs of backslashes, braces and commas.
@Suite struct TopLevelMembersTests {
    static let lines = [
        #"{"seq":1,"action":{"a":"x\"y"},"state":{"k":"\\"}}"#,
        #"{"seq":2,"action":{"a":"\\\\\"}\","},"state":null}"#,
        #"{"seq":3,"action":"\\","state":{"k":"}{][,:\""}}"#,
        #"{"a\"b":1,"seq":4,"action":[],"c\\":"\\\\\\"}"#,
        #"{"seq":5,"action":{},"s":"\u0022\\u0022"}"#,
        #"{ "seq" : 6 , "action" : { } , "state" : "" }"#,
    ]

    @Test(arguments: lines)
    func membersMatchTheParser(_ line: String) throws {
        let bytes = Array(line.utf8)
        let parsed = try JSONParser.parse(bytes)
        guard case .object(let object) = parsed else {
            Issue.record("not an object")
            return
        }
        try bytes.withUnsafeBufferPointer { buffer in
            let members = try #require(TopLevelMembers(buffer))
            #expect(members.members.count == object.count)
            for (member, expected) in zip(members.members, object.members) {
                let value = try JSONParser.parse(Array(bytes[member.value]))
                #expect(value == expected.value, "\(expected.key)")
            }
        }
    }

    @Test(arguments: [
        #"{"seq":1,"action":"unterminated\"}"#,
        #"{"seq":1,"action":"a\\"x"}"#,
        #"{"seq":1,"action":"\\\"}"#,
    ])
    func unbalancedStringsAreNotObjects(_ line: String) {
        Array(line.utf8).withUnsafeBufferPointer { buffer in
            #expect(TopLevelMembers(buffer) == nil)
        }
    }
}
