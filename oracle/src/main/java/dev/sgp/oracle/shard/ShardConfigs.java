package dev.sgp.oracle.shard;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.message.IncrementalAlterConfigsRequestData;
import org.apache.kafka.common.message.IncrementalAlterConfigsResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiError;
import org.apache.kafka.coordinator.group.GroupConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * IncrementalAlterConfigs on GROUP resources, which the controller validates and the broker hands to the group
 * coordinator's GroupConfigManager: the group's configs after the alterations, checked by Kafka's own
 * GroupConfig.validate against the broker's bounds, then applied (unless validateOnly). The alterations and the
 * checks before GroupConfig.validate follow ConfigurationControlManager and ControllerConfigurationValidator 4.4.0.
 */
final class ShardConfigs {
    private ShardConfigs() { }

    static IncrementalAlterConfigsResponseData alter(ShardWorld world, IncrementalAlterConfigsRequestData request) {
        IncrementalAlterConfigsResponseData out = new IncrementalAlterConfigsResponseData();
        Map<String, Map<String, String>> groups = world.groupConfigValues;
        // ConfigAdminManager.preprocess (KafkaApis.handleIncrementalAlterConfigsRequest): every mention of a resource
        // named more than once fails, before anything is forwarded to the controller
        Map<String, Integer> mentions = new HashMap<>();
        for (IncrementalAlterConfigsRequestData.AlterConfigsResource r : request.resources())
            mentions.merge(r.resourceType() + "/" + r.resourceName(), 1, Integer::sum);
        for (IncrementalAlterConfigsRequestData.AlterConfigsResource r : request.resources()) {
            IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse res = new IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse()
                .setResourceType(r.resourceType()).setResourceName(r.resourceName()).setErrorMessage(null);
            out.responses().add(res);
            if (mentions.get(r.resourceType() + "/" + r.resourceName()) > 1) {
                res.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage("Each resource must appear at most once.");
                continue;
            }
            String refused = preprocessRefusal(r);
            if (refused != null) {
                res.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage(refused);
                continue;
            }
            if (r.resourceType() != ConfigResource.Type.GROUP.id()) {
                res.setErrorCode(Errors.INVALID_REQUEST.code()).setErrorMessage("the shard engine changes group configs only");
                continue;
            }
            try {
                // ConfigurationControlManager.incrementalAlterConfigResource: the alterations, in order
                Map<String, String> next = new HashMap<>(groups.getOrDefault(r.resourceName(), Map.of()));
                for (IncrementalAlterConfigsRequestData.AlterableConfig c : r.configs()) {
                    switch (c.configOperation()) {
                        case 0 -> next.put(c.name(), c.value());
                        case 1 -> next.remove(c.name());
                        case 2, 3 -> {
                            String op = c.configOperation() == 2 ? "APPEND" : "SUBTRACT";
                            if (GroupConfig.configType(c.name()).orElse(null) != ConfigDef.Type.LIST)
                                throw new InvalidConfigurationException("Can't " + op + " to key " + c.name() + " because its type is not LIST.");
                            List<String> parts = new ArrayList<>();
                            String have = next.get(c.name());
                            if (have != null && !have.isEmpty()) parts.addAll(Arrays.asList(have.split(",")));
                            List<String> given = c.value() == null ? List.of() : Arrays.asList(c.value().split(","));
                            if (c.configOperation() == 2) {
                                for (String v : given) if (!parts.contains(v)) parts.add(v);
                            } else {
                                parts.removeAll(given);
                            }
                            next.put(c.name(), String.join(",", parts));
                        }
                        default -> throw new InvalidRequestException("Unknown operation type " + c.configOperation());
                    }
                }
                // ControllerConfigurationValidator.validate for GROUP resources, then GroupConfig.validate
                if (r.resourceName().isEmpty()) throw new InvalidRequestException("Default group resources are not allowed.");
                for (Map.Entry<String, String> e : next.entrySet())
                    if (e.getValue() == null) throw new InvalidRequestException("Null value not supported for group configs: " + e.getKey());
                KafkaLine.validateGroupConfig(next, world.config, world.shareConfig);
                if (!request.validateOnly()) {
                    groups.put(r.resourceName(), next);
                    Properties props = new Properties();
                    props.putAll(next);
                    world.groupConfigs.updateGroupConfig(r.resourceName(), props);
                }
            } catch (ConfigException e) {
                // ConfigurationControlManager.validateAlterConfig: a value the ConfigDef refuses is INVALID_CONFIG with its message
                res.setErrorCode(Errors.INVALID_CONFIG.code()).setErrorMessage(e.getMessage());
            } catch (RuntimeException e) {
                ApiError error = ApiError.fromThrowable(e);
                res.setErrorCode(error.error().code()).setErrorMessage(error.message());
            }
        }
        return out;
    }

    /**
     * ConfigAdminManager.preprocess on one resource: a config named twice, then a null value for any operation but
     * DELETE, each INVALID_REQUEST with Kafka's message; null when the resource passes.
     */
    private static String preprocessRefusal(IncrementalAlterConfigsRequestData.AlterConfigsResource r) {
        Set<String> names = new HashSet<>();
        for (IncrementalAlterConfigsRequestData.AlterableConfig c : r.configs())
            if (!names.add(c.name())) return "Error due to duplicate config keys";
        List<String> nulls = new ArrayList<>();
        for (IncrementalAlterConfigsRequestData.AlterableConfig c : r.configs())
            if (c.configOperation() != 1 && c.value() == null) nulls.add(c.name());
        return nulls.isEmpty() ? null : "Null value not supported for : " + String.join(",", nulls);
    }
}
