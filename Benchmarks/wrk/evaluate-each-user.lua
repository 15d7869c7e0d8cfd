-- POSTs /v1/evaluate with a different user on every request, so no answer comes from the server's cache:
--   POLICY=warehouse-airwatch APP=timesheet FACTS='{"signed_in":"alice"}' wrk -s evaluate-each-user.lua URL/v1/evaluate
local policy = os.getenv("POLICY") or "warehouse-airwatch"
local app = os.getenv("APP") or "timesheet"
local facts = os.getenv("FACTS") or "{}"
local counter = 0

function setup(thread)
    thread:set("id", tostring(thread):match("0x%x+") or tostring(math.random(1e9)))
end

request = function()
    counter = counter + 1
    local body = string.format('{"policy":"%s","app":"%s","user":"worker-%s-%d","facts":%s}', policy, app, id, counter,
        facts)
    return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, body)
end
